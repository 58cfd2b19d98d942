package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"sync"

	"github.com/gofiber/fiber/v2"
)

// redocJS is Redoc's standalone bundle, version 2.5.4, taken as is from the
// npm package redoc (bundles/redoc.standalone.js, 1,103,471 bytes, about
// 320 KB gzipped; sha256 dcaf7661…b89500b, checked by a test). It is a
// built browser asset, not code the server runs; its licenses are in
// docs/redoc.LICENSE.txt. Serving it from the binary keeps /docs working
// offline and free of any CDN.
//
//go:embed docs/redoc.standalone.js
var redocJS []byte

// RedocVersion is the pinned Redoc release the reference page uses.
const RedocVersion = "2.5.4"

// redocGzip is the bundle gzip-compressed, made on first request.
var redocGzip = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = zw.Write(redocJS)
	_ = zw.Close()
	return b.Bytes()
})

// docsShim runs before Redoc: Redoc 2.5.4 points its sidebar footer logo at
// https://cdn.redoc.ly, the one address outside this server it loads. The
// shim turns any absolute image URL, set as an attribute or (as React does
// again after mounting an img) as the property, into an empty data: URL,
// which fails to decode, so Redoc drops the logo (its onError) and the
// browser neither contacts the CDN nor logs the policy violation blocking
// it would cause.
const docsShim = `(function () {
  var local = function (v) { return /^https?:/i.test(String(v)) ? "data:," : v; };
  var set = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    return set.call(this, name, this.tagName === "IMG" && name === "src" ? local(value) : value);
  };
  var src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src");
  Object.defineProperty(HTMLImageElement.prototype, "src", {
    configurable: true, enumerable: src.enumerable, get: src.get,
    set: function (v) { src.set.call(this, local(v)); }
  });
})();`

// docsPage renders the served OpenAPI document with the embedded bundle.
var docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>bulwark API reference</title>
<style>body { margin: 0; padding: 0; }</style>
</head>
<body>
<script>` + docsShim + `</script>
<redoc spec-url="/api/v1/openapi.json"></redoc>
<script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`

// docsCSP lets the page load only from this server. Redoc injects its
// styles at run time (styled-components) and runs its search index in a
// worker made from a blob: URL.
var docsCSP = "default-src 'none'; script-src 'self' '" + scriptHash(docsShim) + "'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// scriptHash is the CSP source allowing one inline script.
func scriptHash(js string) string {
	sum := sha256.Sum256([]byte(js))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

func (s *Server) registerDocsRoutes(r fiber.Router) {
	r.Get("/docs", s.handleDocs)
	r.Get("/docs/redoc.standalone.js", s.handleDocsScript)
}

func (s *Server) handleDocs(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set(fiber.HeaderContentSecurityPolicy, docsCSP)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderReferrerPolicy, "no-referrer")
	c.Set(fiber.HeaderCacheControl, "public, max-age=300")
	return c.SendString(docsPage)
}

func (s *Server) handleDocsScript(c *fiber.Ctx) error {
	c.Set(fiber.HeaderContentType, "text/javascript; charset=utf-8")
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
	c.Vary(fiber.HeaderAcceptEncoding)
	if c.AcceptsEncodings("gzip") == "gzip" {
		c.Set(fiber.HeaderContentEncoding, "gzip")
		return c.Send(redocGzip())
	}
	return c.Send(redocJS)
}
