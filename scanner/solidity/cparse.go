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
void ts_set_allocator(void *(*m)(size_t), void *(*c)(size_t, size_t), void *(*r)(void *, size_t), void (*f)(void *));

enum { BW_MISSING = 2, BW_ERROR = 4 };

typedef struct {
	uint32_t start, end;
	int32_t parent;
	uint16_t symbol, field;
	uint32_t flags;
} bw_node;

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
static bw_node *bw_parse(TSParser *p, const char *src, uint32_t len, uint32_t *count) {
	*count = 0;
	TSTree *tree = ts_parser_parse_string(p, NULL, src, len);
	if (!tree) return NULL;
	TSNode root = ts_tree_root_node(tree);
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
	"unsafe"

	forest "github.com/alexaandru/go-sitter-forest/solidity"
)

func init() { C.bw_use_libc_allocator() }

// cParser is a tree-sitter parser driven directly through the C API: the
// binding's Parse copies the remaining input on every read callback and
// its node accessors cost a cgo call each, which made conversion of a
// 1,000-line file several times slower than parsing it.
type cParser struct {
	p *C.TSParser
}

func newCParser() *cParser {
	p := C.bw_new_parser(forest.GetLanguage())
	if p == nil {
		panic("solidity grammar: incompatible tree-sitter language version") // a build defect, not input
	}
	return &cParser{p: p}
}

func (c *cParser) close() {
	if c.p != nil {
		C.ts_parser_delete(c.p)
		c.p = nil
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

func init() {
	var n C.bw_node
	if unsafe.Sizeof(flatNode{}) != unsafe.Sizeof(n) || unsafe.Offsetof(flatNode{}.flags) != unsafe.Offsetof(n.flags) ||
		unsafe.Offsetof(flatNode{}.field) != unsafe.Offsetof(n.field) {
		panic("solidity: flatNode does not match the C layout") // a build defect
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
// parser gave up). It lives in C memory that is freed when use returns:
// use must not keep it.
func (c *cParser) parse(src []byte, use func(flat []flatNode)) {
	var count C.uint32_t
	if len(src) == 0 {
		src = []byte{'\n'}
	}
	ptr := (*C.char)(unsafe.Pointer(&src[0]))
	raw := C.bw_parse(c.p, ptr, C.uint32_t(len(src)), &count)
	defer C.free(unsafe.Pointer(raw))
	var flat []flatNode
	if raw != nil {
		flat = unsafe.Slice((*flatNode)(unsafe.Pointer(raw)), int(count))
	}
	use(flat)
}
