package server_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// TestBrokenFramingAnswersAtOnce: requests whose framing is broken get a
// 400 in the error envelope at once, not after the read timeout, and the
// answer never echoes the request's headers (a bearer key among them).
func TestBrokenFramingAnswersAtOnce(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	addr := strings.TrimPrefix(env.URL, "http://")
	cases := map[string]string{
		"two content lengths":       "POST /api/v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer SECRETKEY\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
		"header line without colon": "GET /api/v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer SECRETKEY\r\nNoColonHere\r\n\r\n",
		"gzip transfer coding":      "POST /api/v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer SECRETKEY\r\nTransfer-Encoding: gzip\r\n\r\n",
	}
	for name, raw := range cases {
		t.Run(name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, raw); err != nil {
				t.Fatal(err)
			}
			_ = conn.SetReadDeadline(time.Now().Add(3 * time.Second))
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer within 3 s: %v", err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 400 || !strings.Contains(string(body), `"INVALID_REQUEST"`) {
				t.Fatalf("%d %s, want 400 INVALID_REQUEST", res.StatusCode, body)
			}
			if strings.Contains(string(body), "SECRETKEY") {
				t.Fatalf("the answer echoes the request's headers: %s", body)
			}
		})
	}
}
