package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/bulwark-sec/bulwark/core"
)

// Every string a client sends ends up in SQL parameters, logs or JSON it
// reads back. A NUL byte is invalid in PostgreSQL text and invalid UTF-8 is
// silently rewritten to U+FFFD by encoding/json, so both are refused once,
// here, for every route: in JSON bodies (keys and values, at any depth) and
// in query parameters. Handlers never see them.

// badText reports whether s holds a NUL byte or is not valid UTF-8.
func badText(s string) bool {
	return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s)
}

// checkQueryText is middleware refusing query parameters (names and values)
// with NUL bytes or invalid UTF-8, naming the parameter.
func checkQueryText(c *fiber.Ctx) error {
	var bad string
	for k, v := range c.Request().URI().QueryArgs().All() {
		if badText(string(k)) {
			bad = strconv.QuoteToASCII(string(k))
			break
		}
		if badText(string(v)) {
			bad = string(k)
			break
		}
	}
	if bad != "" {
		return core.Invalid(bad, "invalid", bad+" must be valid UTF-8 without NUL characters")
	}
	return c.Next()
}

// checkJSONText walks a JSON document's tokens and refuses, naming the
// field: a top-level null (field "body"), a null member of target's struct type unless its
// field is tagged `nullable:"true"` or decodes raw JSON itself, and any key
// or string holding NUL or invalid UTF-8 (raw bytes or lone surrogate
// escapes). body must already be syntactically valid JSON for the decoder;
// syntax errors are left to the real decode, which reports them.
func checkJSONText(body []byte, target any) error {
	if bytes.Equal(bytes.TrimSpace(body), []byte("null")) {
		return nullField("body")
	}
	w := &jsonWalker{body: body, dec: json.NewDecoder(bytes.NewReader(body))}
	w.dec.UseNumber()
	t := reflect.TypeOf(target)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	err := w.value("", t)
	if errors.Is(err, errSyntax) {
		return nil
	}
	return err
}

var errSyntax = errors.New("syntax")

type jsonWalker struct {
	body []byte
	dec  *json.Decoder
}

// token reads one token and the raw bytes it spans.
func (w *jsonWalker) token() (json.Token, []byte, error) {
	start := w.dec.InputOffset()
	tok, err := w.dec.Token()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, errSyntax
		}
		return nil, nil, errSyntax
	}
	end := w.dec.InputOffset()
	if start < 0 || end > int64(len(w.body)) || start > end {
		return tok, nil, nil
	}
	return tok, w.body[start:end], nil
}

// badRaw reports whether a decoded string token was bad text in its raw
// form: raw invalid UTF-8, a NUL, or an escape that decoded to U+FFFD
// without the client writing U+FFFD.
func badRaw(s string, raw []byte) bool {
	if strings.IndexByte(s, 0) >= 0 || !utf8.Valid(raw) {
		return true
	}
	if strings.ContainsRune(s, utf8.RuneError) {
		lower := bytes.ToLower(raw)
		return !bytes.Contains(raw, []byte("\uFFFD")) && !bytes.Contains(lower, []byte(`\ufffd`))
	}
	return false
}

func textErr(field string) error {
	if field == "" {
		field = "body"
	}
	return core.Invalid(field, "invalid", field+" must be valid UTF-8 without NUL characters")
}

// value checks one JSON value at path whose Go type is t (nil when unknown).
func (w *jsonWalker) value(path string, t reflect.Type) error {
	tok, raw, err := w.token()
	if err != nil {
		return err
	}
	switch v := tok.(type) {
	case string:
		if badRaw(v, raw) {
			return textErr(path)
		}
	case json.Delim:
		switch v {
		case '{':
			return w.object(path, t)
		case '[':
			var elem reflect.Type
			if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
				elem = t.Elem()
			}
			for i := 0; w.dec.More(); i++ {
				if err := w.value(path+"["+strconv.Itoa(i)+"]", elem); err != nil {
					return err
				}
			}
			_, _, err := w.token() // ]
			return err
		}
	}
	return nil
}

// object checks the members of an object at path.
func (w *jsonWalker) object(path string, t reflect.Type) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for w.dec.More() {
		tok, raw, err := w.token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		field := key
		if path != "" {
			field = path + "." + key
		}
		if badRaw(key, raw) {
			return textErr(path)
		}
		ft, nullable := memberType(t, key)
		if !nullable && bytes.HasPrefix(bytes.TrimLeft(w.body[w.dec.InputOffset():], " \t\r\n:"), []byte("null")) {
			return nullField(field)
		}
		if err := w.value(field, ft); err != nil {
			return err
		}
	}
	_, _, err := w.token() // }
	return err
}

// nullField is the error for a JSON null where a value is required: the
// same 422 MISSING_FIELD a required field's absence gets, since null never
// means "leave unchanged" or "use the default" here.
func nullField(field string) error {
	return core.FieldError(core.CodeMissingField, field, "missing", field+" is null; give a value or leave the field out")
}

var rawMessageType = reflect.TypeOf(json.RawMessage(nil))

// memberType finds the Go type of member key in struct type t and whether
// null is meaningful for it. Members of maps and of unknown types may be
// null: only typed struct fields promise a value.
func memberType(t reflect.Type, key string) (reflect.Type, bool) {
	if t == nil {
		return nil, true
	}
	switch t.Kind() {
	case reflect.Map:
		return t.Elem(), true
	case reflect.Struct:
	default:
		return nil, true
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if name != key {
			continue
		}
		if f.Type == rawMessageType || f.Tag.Get("nullable") == "true" {
			return nil, true
		}
		return f.Type, false
	}
	return nil, true
}
