package server_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestMethodsAndHeaders: a known path asked with another method is 405 with
// Allow, an unknown method gets the same envelope, and oversize headers are
// 431 in the envelope, not a dropped connection.
func TestMethodsAndHeaders(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	cases := []struct {
		method, path string
		status       int
		allow        string
	}{
		{"PUT", "/api/v1/projects", 405, "GET, HEAD, POST"},
		{"FOO", "/api/v1/projects", 405, "GET, HEAD, POST"},
		{"TRACE", "/api/v1/projects/0190e0e0-0000-7000-8000-000000000000", 405, "DELETE, GET, HEAD, PATCH"},
		{"FOO", "/api/v1/nothing-here", 404, ""},
		{"DELETE", "/api/v1/nothing-here", 404, ""},
	}
	for _, tc := range cases {
		req, err := http.NewRequest(tc.method, env.URL+tc.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+env.Key)
		r := env.Send(req)
		if r.Status != tc.status || r.Header.Get("Allow") != tc.allow || r.Header.Get("X-Request-Id") == "" {
			t.Errorf("%s %s = %d Allow %q %s, want %d Allow %q", tc.method, tc.path, r.Status, r.Header.Get("Allow"), r.Body, tc.status, tc.allow)
			continue
		}
		want := "INVALID_REQUEST"
		if tc.status == 404 {
			want = "RESOURCE_NOT_FOUND"
		}
		if r.ErrorCode() != want {
			t.Errorf("%s %s code = %q, want %s (%s)", tc.method, tc.path, r.ErrorCode(), want, r.Body)
		}
	}

	// 20 KB of headers: a 431 envelope on the raw connection.
	conn, err := net.Dial("tcp", strings.TrimPrefix(env.URL, "http://"))
	if err != nil {
		t.Skipf("the test server is not on TCP (%v)", err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: %s\r\n\r\n", strings.Repeat("a", 20<<10))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("read response: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 431 || !strings.Contains(resp.Header.Get("Content-Type"), "json") {
		t.Errorf("20 KB headers = %d %s, want 431 JSON", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}
