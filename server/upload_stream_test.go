package server_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bulwark-sec/bulwark/server/servertest"
)

// countingListener counts every byte the server reads from its connections.
type countingListener struct {
	net.Listener
	read *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{Conn: c, read: l.read}, nil
}

type countingConn struct {
	net.Conn
	read *atomic.Int64
}

func (c countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

// TestUnauthenticatedUploadReadsNoBody: a 50 MB upload with an unknown key
// is refused with 401 once its headers are read. The server reads a few
// kilobytes of the body at most, however fast the client sends, and
// closes the connection rather than drain the rest.
func TestUnauthenticatedUploadReadsNoBody(t *testing.T) {
	var read atomic.Int64
	env := servertest.New(t, servertest.Options{NoWorker: true,
		Listener: func(ln net.Listener) net.Listener { return countingListener{Listener: ln, read: &read} }})
	const size = 50 << 20
	for _, key := range []string{"bwk_notakey", ""} {
		read.Store(0)
		conn, err := net.Dial("tcp", strings.TrimPrefix(env.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(20 * time.Second))
		auth := ""
		if key != "" {
			auth = "Authorization: Bearer " + key + "\r\n"
		}
		fmt.Fprintf(conn, "POST /api/v1/contracts/upload HTTP/1.1\r\nHost: x\r\n%sContent-Type: multipart/form-data; boundary=b\r\n"+
			"Content-Length: %d\r\n\r\n", auth, size)
		// Send the body in the background as fast as the connection takes it.
		go func() {
			chunk := make([]byte, 64<<10)
			for sent := 0; sent < size; sent += len(chunk) {
				if _, err := conn.Write(chunk); err != nil {
					return
				}
			}
		}()
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("read response: %v", err)
		}
		resp.Body.Close()
		conn.Close()
		if resp.StatusCode != 401 || !resp.Close {
			t.Errorf("key %q: status %d, close %v; want 401 and the connection closed", key, resp.StatusCode, resp.Close)
		}
		if n := read.Load(); n > 256<<10 {
			t.Errorf("key %q: the server read %d bytes of a %d-byte upload before refusing it", key, n, size)
		}
	}
}

// TestChunkedBodiesAreCapped: bodies without a Content-Length are read
// through the same caps, 1 MiB for JSON routes.
func TestChunkedBodiesAreCapped(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	// A raw connection: the server answers 413 and closes while the body
	// is still being sent, which an http.Client may report as a write
	// error before it reads the answer.
	conn, err := net.Dial("tcp", strings.TrimPrefix(env.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/v1/projects HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+
		"Authorization: Bearer %s\r\nTransfer-Encoding: chunked\r\n\r\n", env.Key)
	go func() {
		chunk := bytes.Repeat([]byte("a"), 64<<10)
		fmt.Fprintf(conn, "%x\r\n{\"name\":\"\r\n", len(`{"name":"`))
		for sent := 0; sent < 2<<20; sent += len(chunk) {
			if _, err := fmt.Fprintf(conn, "%x\r\n%s\r\n", len(chunk), chunk); err != nil {
				return // the server answered and closed
			}
		}
		fmt.Fprintf(conn, "2\r\n\"}\r\n0\r\n\r\n")
	}()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 413 || !strings.Contains(string(b), "FILE_TOO_LARGE") {
		t.Errorf("2 MiB chunked JSON = %d %s, want 413", res.StatusCode, b)
	}
	small, err := http.NewRequest("POST", env.URL+"/api/v1/projects", io.MultiReader(strings.NewReader(`{"name":"chunked"}`)))
	if err != nil {
		t.Fatal(err)
	}
	small.ContentLength = -1
	small.Header.Set("Content-Type", "application/json")
	small.Header.Set("Authorization", "Bearer "+env.Key)
	if r := env.Send(small); r.Status != 201 {
		t.Errorf("small chunked JSON = %d %s, want 201", r.Status, r.Body)
	}
}

// TestUploadsInFlightPerOrganization: an organization has at most four
// uploads in flight in a process; more are 429 CONCURRENT_LIMIT with
// Retry-After, and a slot frees when an upload ends, even one whose client
// went away mid-body.
func TestUploadsInFlightPerOrganization(t *testing.T) {
	env := servertest.New(t, servertest.Options{NoWorker: true})
	pid := ctProject(t, env, env.Key, "p")
	// Six uploads whose 10 MB body never comes: four take the slots and
	// wait for their bodies, two are refused at once.
	const held = 6
	answers := make(chan int, held)
	var conns []net.Conn
	for i := range held {
		conn, err := net.Dial("tcp", strings.TrimPrefix(env.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, conn)
		fmt.Fprintf(conn, "POST /api/v1/contracts/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"+
			"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: %d\r\n\r\n--b\r\n"+
			"Content-Disposition: form-data; name=\"files\"; filename=\"a%d.sol\"\r\n\r\n%s", env.Key, 10<<20, i,
			strings.Repeat("/", 32<<10))
		go func() {
			if resp, err := http.ReadResponse(bufio.NewReader(conn), nil); err == nil {
				resp.Body.Close()
				answers <- resp.StatusCode
			}
		}()
	}
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range held - 4 {
		select {
		case code := <-answers:
			if code != 429 {
				t.Fatalf("a held upload was answered %d, want 429 for the two over the limit", code)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("the uploads over the limit were not refused")
		}
	}
	upload := func() *servertest.Response {
		return env.Upload(env.Key, ctField("project_id", pid), ctFile("b.sol", []byte("contract B {}")))
	}
	if r := upload(); r.Status != 429 || r.ErrorCode() != "CONCURRENT_LIMIT" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("upload beside four in flight = %d %s, want 429 CONCURRENT_LIMIT with Retry-After", r.Status, r.Body)
	}
	select {
	case code := <-answers:
		t.Fatalf("an upload holding a slot was answered %d", code)
	default:
	}
	for _, c := range conns {
		c.Close()
	}
	var r *servertest.Response
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if r = upload(); r.Status == 201 {
			return
		}
	}
	t.Errorf("after the held uploads ended: %d %s, want 201", r.Status, r.Body)
}
