package solidity

/*
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

// Declarations of the tree-sitter C API (tree_sitter/api.h, 0.25) that
// this file uses; the implementation is linked in by go-tree-sitter.
typedef struct TSParser TSParser;
typedef struct TSTree TSTree;
typedef struct TSLanguage TSLanguage;
typedef struct { uint32_t context[4]; const void *id; const TSTree *tree; } TSNode;
typedef struct { const void *tree; const void *id; uint32_t context[3]; } TSTreeCursor;

TSParser *ts_parser_new(void);
void ts_parser_delete(TSParser *self);
bool ts_parser_set_language(TSParser *self, const TSLanguage *language);
TSTree *ts_parser_parse_string(TSParser *self, const TSTree *old_tree, const char *string, uint32_t length);
void ts_tree_delete(TSTree *self);
TSNode ts_tree_root_node(const TSTree *self);
uint32_t ts_node_descendant_count(TSNode self);
uint16_t ts_node_symbol(TSNode self);
uint32_t ts_node_start_byte(TSNode self);
uint32_t ts_node_end_byte(TSNode self);
bool ts_node_is_named(TSNode self);
bool ts_node_is_missing(TSNode self);
bool ts_node_is_error(TSNode self);
bool ts_node_has_error(TSNode self);
TSTreeCursor ts_tree_cursor_new(TSNode node);
void ts_tree_cursor_delete(TSTreeCursor *self);
bool ts_tree_cursor_goto_first_child(TSTreeCursor *self);
bool ts_tree_cursor_goto_next_sibling(TSTreeCursor *self);
bool ts_tree_cursor_goto_parent(TSTreeCursor *self);
TSNode ts_tree_cursor_current_node(const TSTreeCursor *self);
uint16_t ts_tree_cursor_current_field_id(const TSTreeCursor *self);
typedef struct TSQuery TSQuery;
typedef struct TSQueryCursor TSQueryCursor;
typedef struct { TSNode node; uint32_t index; } TSQueryCapture;
typedef struct { uint32_t id; uint16_t pattern_index; uint16_t capture_count; const TSQueryCapture *captures; } TSQueryMatch;
TSQuery *ts_query_new(const TSLanguage *language, const char *source, uint32_t source_len, uint32_t *error_offset, uint32_t *error_type);
uint32_t ts_query_capture_count(const TSQuery *self);
const char *ts_query_capture_name_for_id(const TSQuery *self, uint32_t index, uint32_t *length);
TSQueryCursor *ts_query_cursor_new(void);
void ts_query_cursor_delete(TSQueryCursor *self);
void ts_query_cursor_exec(TSQueryCursor *self, const TSQuery *query, TSNode node);
bool ts_query_cursor_next_match(TSQueryCursor *self, TSQueryMatch *match);
void ts_set_allocator(void *(*m)(size_t), void *(*c)(size_t, size_t), void *(*r)(void *, size_t), void (*f)(void *));

enum { BW_MISSING = 2, BW_ERROR = 4 };

typedef struct {
	uint32_t start, end;
	int32_t parent;
	uint16_t symbol, field;
	uint32_t flags;
} bw_node;

typedef struct {
	uint32_t start, end;
	uint16_t symbol, capture;
} bw_capture;

static TSQuery *bw_query_new(const void *lang, const char *src, uint32_t len, uint32_t *err_offset, uint32_t *err_type) {
	return ts_query_new((const TSLanguage *)lang, src, len, err_offset, err_type);
}

// bw_captures runs the compiled query over the tree and lists every
// capture by range, symbol and capture id.
static bw_capture *bw_captures(const TSQuery *q, TSQueryCursor *qc, TSNode root, uint32_t *count) {
	uint32_t cap = 64, n = 0;
	bw_capture *out = malloc(cap * sizeof(bw_capture));
	if (!out) return NULL;
	TSQueryMatch m;
	ts_query_cursor_exec(qc, q, root);
	while (ts_query_cursor_next_match(qc, &m)) {
		for (uint16_t i = 0; i < m.capture_count; i++) {
			if (n == cap) {
				cap *= 2;
				bw_capture *grown = realloc(out, cap * sizeof(bw_capture));
				if (!grown) { free(out); *count = 0; return NULL; }
				out = grown;
			}
			TSNode node = m.captures[i].node;
			out[n].start = ts_node_start_byte(node);
			out[n].end = ts_node_end_byte(node);
			out[n].symbol = ts_node_symbol(node);
			out[n].capture = (uint16_t)m.captures[i].index;
			n++;
		}
	}
	*count = n;
	return out;
}

static TSParser *bw_new_parser(const void *lang) {
	TSParser *p = ts_parser_new();
	if (p && !ts_parser_set_language(p, (const TSLanguage *)lang)) {
		ts_parser_delete(p);
		return NULL;
	}
	return p;
}

// bw_parse parses src and flattens the tree in preorder into a malloc'ed
// array (parent indexes instead of pointers): one cgo call per file
// instead of several per node.
static bw_node *bw_parse(TSParser *p, const char *src, uint32_t len, uint32_t *count,
		const TSQuery *q, TSQueryCursor *qc, bw_capture **caps, uint32_t *ncaps) {
	*count = 0;
	*caps = NULL;
	*ncaps = 0;
	TSTree *tree = ts_parser_parse_string(p, NULL, src, len);
	if (!tree) return NULL;
	TSNode root = ts_tree_root_node(tree);
	if (q && qc) *caps = bw_captures(q, qc, root, ncaps);
	uint32_t cap = ts_node_descendant_count(root) + 1;
	bw_node *out = malloc(cap * sizeof(bw_node));
	if (!out) { ts_tree_delete(tree); return NULL; }
	// Error and missing flags are only looked up in trees that have errors;
	// named-ness comes from the symbol table on the Go side.
	bool errs = ts_node_has_error(root);
	TSTreeCursor c = ts_tree_cursor_new(root);
	uint32_t n = 0;
	int32_t parent = -1;
	for (;;) {
		if (n == cap) {
			cap *= 2;
			bw_node *grown = realloc(out, cap * sizeof(bw_node));
			if (!grown) { free(out); out = NULL; n = 0; break; }
			out = grown;
		}
		TSNode node = ts_tree_cursor_current_node(&c);
		bw_node *r = &out[n];
		r->start = ts_node_start_byte(node);
		r->end = ts_node_end_byte(node);
		r->parent = parent;
		r->symbol = ts_node_symbol(node);
		r->field = ts_tree_cursor_current_field_id(&c);
		r->flags = 0;
		if (errs) {
			r->flags = (ts_node_is_missing(node) ? BW_MISSING : 0) | (ts_node_is_error(node) ? BW_ERROR : 0);
		}
		int32_t self = (int32_t)n++;
		if (ts_tree_cursor_goto_first_child(&c)) {
			parent = self;
			continue;
		}
		bool done = false;
		while (!ts_tree_cursor_goto_next_sibling(&c)) {
			if (!ts_tree_cursor_goto_parent(&c)) { done = true; break; }
			parent = out[parent].parent;
		}
		if (done) break;
	}
	ts_tree_cursor_delete(&c);
	ts_tree_delete(tree);
	*count = n;
	return out;
}

// bw_parse_tree only parses src and frees the tree: tree-sitter's own
// cost, the floor under every other stage (measured by the benchmarks).
static bool bw_parse_tree(TSParser *p, const char *src, uint32_t len) {
	TSTree *tree = ts_parser_parse_string(p, NULL, src, len);
	if (!tree) return false;
	ts_tree_delete(tree);
	return true;
}

// go-tree-sitter routes the C library's allocations through exported Go
// functions (a cgo callback per malloc); plain libc is what it uses
// underneath anyway.
static void bw_use_libc_allocator(void) { ts_set_allocator(malloc, calloc, realloc, free); }
*/
import "C"

import (
	"fmt"
	"sync"
	"unsafe"

	forest "github.com/alexaandru/go-sitter-forest/solidity"
)

func init() { C.bw_use_libc_allocator() }

// compiled is the detectors' tree-sitter query (query.go), compiled once
// per process; a TSQuery is immutable and shared by every parser.
var compiled struct {
	once  sync.Once
	q     *C.TSQuery
	names []string
	err   error
}

func compileQuery() (*C.TSQuery, []string) {
	compiled.once.Do(func() {
		src := C.CString(querySource)
		defer C.free(unsafe.Pointer(src))
		var off, typ C.uint32_t
		q := C.bw_query_new(forest.GetLanguage(), src, C.uint32_t(len(querySource)), &off, &typ)
		if q == nil {
			compiled.err = fmt.Errorf("query error %d at offset %d", typ, off)
			return
		}
		n := C.ts_query_capture_count(q)
		for i := C.uint32_t(0); i < n; i++ {
			var l C.uint32_t
			name := C.ts_query_capture_name_for_id(q, i, &l)
			compiled.names = append(compiled.names, C.GoStringN(name, C.int(l)))
		}
		compiled.q = q
	})
	if compiled.err != nil {
		panic("solidity query: " + compiled.err.Error()) // a build defect, caught by every test
	}
	return compiled.q, compiled.names
}

// cParser is a tree-sitter parser driven directly through the C API: the
// binding's Parse copies the remaining input on every read callback and
// its node accessors cost a cgo call each, which made conversion of a
// 1,000-line file several times slower than parsing it.
type cParser struct {
	p  *C.TSParser
	qc *C.TSQueryCursor
	q  *C.TSQuery
}

func newCParser() *cParser {
	p := C.bw_new_parser(forest.GetLanguage())
	if p == nil {
		panic("solidity grammar: incompatible tree-sitter language version") // a build defect, not input
	}
	q, _ := compileQuery()
	return &cParser{p: p, q: q, qc: C.ts_query_cursor_new()}
}

func (c *cParser) close() {
	if c.p != nil {
		C.ts_parser_delete(c.p)
		c.p = nil
	}
	if c.qc != nil {
		C.ts_query_cursor_delete(c.qc)
		c.qc = nil
	}
}

// flatNode is one node of the flattened tree, laid out as the C bw_node
// so the C array is read in place, without a copy (checked in init).
type flatNode struct {
	start, end    uint32
	parent        int32
	symbol, field uint16
	flags         uint32
}

func (r *flatNode) missing() bool { return r.flags&C.BW_MISSING != 0 }
func (r *flatNode) isError() bool { return r.flags&C.BW_ERROR != 0 }

// capture is one node captured by the query, laid out as bw_capture; id
// indexes the query's capture names.
type capture struct {
	start, end uint32
	symbol, id uint16
}

func init() {
	var n C.bw_node
	var c C.bw_capture
	if unsafe.Sizeof(flatNode{}) != unsafe.Sizeof(n) || unsafe.Offsetof(flatNode{}.flags) != unsafe.Offsetof(n.flags) ||
		unsafe.Offsetof(flatNode{}.field) != unsafe.Offsetof(n.field) ||
		unsafe.Sizeof(capture{}) != unsafe.Sizeof(c) || unsafe.Offsetof(capture{}.id) != unsafe.Offsetof(c.capture) {
		panic("solidity: flatNode or capture does not match the C layout") // a build defect
	}
}

// parseTree parses src in C and discards the tree; for the benchmarks.
func (c *cParser) parseTree(src []byte) bool {
	if len(src) == 0 {
		return true
	}
	return bool(C.bw_parse_tree(c.p, (*C.char)(unsafe.Pointer(&src[0])), C.uint32_t(len(src))))
}

// parse parses src and calls use with the flattened tree (empty if the
// parser gave up) and the query's captures. Both live in C memory that is
// freed when use returns: use must not keep them.
func (c *cParser) parse(src []byte, use func(flat []flatNode, caps []capture)) {
	var count C.uint32_t
	if len(src) == 0 {
		src = []byte{'\n'}
	}
	ptr := (*C.char)(unsafe.Pointer(&src[0]))
	var rawCaps *C.bw_capture
	var ncaps C.uint32_t
	raw := C.bw_parse(c.p, ptr, C.uint32_t(len(src)), &count, c.q, c.qc, &rawCaps, &ncaps)
	defer C.free(unsafe.Pointer(rawCaps))
	defer C.free(unsafe.Pointer(raw))
	var flat []flatNode
	var caps []capture
	if raw != nil {
		flat = unsafe.Slice((*flatNode)(unsafe.Pointer(raw)), int(count))
	}
	if rawCaps != nil {
		caps = unsafe.Slice((*capture)(unsafe.Pointer(rawCaps)), int(ncaps))
	}
	use(flat, caps)
}
