package syntax

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
void ts_set_allocator(void *(*m)(size_t), void *(*c)(size_t, size_t), void *(*r)(void *, size_t), void (*f)(void *));

enum { SX_MISSING = 2, SX_ERROR = 4 };

typedef struct {
	uint32_t start, end;
	int32_t parent;
	uint16_t symbol, field;
	uint32_t flags;
} sx_node;

static TSParser *sx_new_parser(const void *lang) {
	TSParser *p = ts_parser_new();
	if (p && !ts_parser_set_language(p, (const TSLanguage *)lang)) {
		ts_parser_delete(p);
		return NULL;
	}
	return p;
}

// sx_parse parses src and flattens the tree in preorder into a malloc'ed
// array (parent indexes instead of pointers): one cgo call per file
// instead of several per node.
static sx_node *sx_parse(TSParser *p, const char *src, uint32_t len, uint32_t *count) {
	*count = 0;
	TSTree *tree = ts_parser_parse_string(p, NULL, src, len);
	if (!tree) return NULL;
	TSNode root = ts_tree_root_node(tree);
	uint32_t cap = ts_node_descendant_count(root) + 1;
	sx_node *out = malloc(cap * sizeof(sx_node));
	if (!out) { ts_tree_delete(tree); return NULL; }
	bool errs = ts_node_has_error(root);
	TSTreeCursor c = ts_tree_cursor_new(root);
	uint32_t n = 0;
	int32_t parent = -1;
	for (;;) {
		if (n == cap) {
			cap *= 2;
			sx_node *grown = realloc(out, cap * sizeof(sx_node));
			if (!grown) { free(out); out = NULL; n = 0; break; }
			out = grown;
		}
		TSNode node = ts_tree_cursor_current_node(&c);
		sx_node *r = &out[n];
		r->start = ts_node_start_byte(node);
		r->end = ts_node_end_byte(node);
		r->parent = parent;
		r->symbol = ts_node_symbol(node);
		r->field = ts_tree_cursor_current_field_id(&c);
		r->flags = 0;
		if (errs) {
			r->flags = (ts_node_is_missing(node) ? SX_MISSING : 0) | (ts_node_is_error(node) ? SX_ERROR : 0);
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

// sx_parse_tree only parses src and frees the tree: tree-sitter's own
// cost, the floor under every other stage (measured by the benchmarks).
static bool sx_parse_tree(TSParser *p, const char *src, uint32_t len) {
	TSTree *tree = ts_parser_parse_string(p, NULL, src, len);
	if (!tree) return false;
	ts_tree_delete(tree);
	return true;
}

// go-tree-sitter routes the C library's allocations through exported Go
// functions (a cgo callback per malloc); plain libc is what it uses
// underneath anyway.
static void sx_use_libc_allocator(void) { ts_set_allocator(malloc, calloc, realloc, free); }
*/
import "C"

import "unsafe"

func init() { C.sx_use_libc_allocator() }

// Flattener is a tree-sitter parser driven directly through the C API,
// which parses a file and flattens its tree in one cgo call: the binding's
// node accessors cost a cgo call each, which made building a Go tree cost
// more than the parse. Every tree-sitter language adapter (Solidity, Rust,
// Move) parses through it. A Flattener belongs to one goroutine.
type Flattener struct{ p *C.TSParser }

// NewFlattener returns a flattener for g.
func NewFlattener(g *Grammar) *Flattener {
	p := C.sx_new_parser(g.ptr)
	if p == nil {
		panic("syntax: incompatible tree-sitter language version") // a build defect, not input
	}
	return &Flattener{p: p}
}

// Close releases the parser.
func (c *Flattener) Close() {
	if c.p != nil {
		C.ts_parser_delete(c.p)
		c.p = nil
	}
}

// Flat is one node of the flattened tree, in preorder: its byte range,
// the index of its parent (-1 for the root), its grammar symbol and field
// ids, and error flags. It is laid out as the C sx_node so the C array is
// read in place (checked in init).
type Flat struct {
	Start, End    uint32
	Parent        int32
	Symbol, Field uint16
	flags         uint32
}

// Missing reports a node the parser inserted to recover.
func (r *Flat) Missing() bool { return r.flags&C.SX_MISSING != 0 }

// IsError reports an ERROR node.
func (r *Flat) IsError() bool { return r.flags&C.SX_ERROR != 0 }

func init() {
	var n C.sx_node
	if unsafe.Sizeof(Flat{}) != unsafe.Sizeof(n) || unsafe.Offsetof(Flat{}.flags) != unsafe.Offsetof(n.flags) ||
		unsafe.Offsetof(Flat{}.Field) != unsafe.Offsetof(n.field) {
		panic("syntax: Flat does not match the C layout") // a build defect
	}
}

// Flatten parses src and calls use with the flattened tree (empty if the
// parser gave up). It lives in C memory freed when use returns: use must
// not keep it.
func (c *Flattener) Flatten(src []byte, use func(flat []Flat)) {
	if len(src) == 0 {
		src = []byte{'\n'}
	}
	var count C.uint32_t
	raw := C.sx_parse(c.p, (*C.char)(unsafe.Pointer(&src[0])), C.uint32_t(len(src)), &count)
	defer C.free(unsafe.Pointer(raw))
	var flat []Flat
	if raw != nil {
		flat = unsafe.Slice((*Flat)(unsafe.Pointer(raw)), int(count))
	}
	use(flat)
}

// ParseOnly parses src in C and discards the tree; for the benchmarks.
func (c *Flattener) ParseOnly(src []byte) bool {
	if len(src) == 0 {
		return true
	}
	return bool(C.sx_parse_tree(c.p, (*C.char)(unsafe.Pointer(&src[0])), C.uint32_t(len(src))))
}
