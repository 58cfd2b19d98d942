package bench

import (
	"regexp"
	"strconv"
)

// Rename returns src with every user-chosen identifier (contracts,
// libraries, interfaces, functions, modifiers, events, structs, enums,
// state and local variables, parameters, struct fields) replaced by an
// opaque name, the same name for the same identifier within the file, so
// the program means what it meant and every line keeps its number. The
// renaming is deterministic: names are numbered in order of first
// appearance.
//
// Kept as written: keywords and elementary types, ether and time units,
// the language's globals and their members (msg.sender, block.timestamp,
// address.call, array.length, abi.encode…), Yul built-ins inside assembly,
// comments, strings and pragma lines, and the function and event names of
// the standard token interfaces (ERC-20, ERC-721, ERC-777, ERC-1155,
// ERC-2612, ERC-165), with the internal safe mint and transfers of the
// standard ERC-721/1155 implementations (_safeMint…). Those are the
// public ABI every caller and wallet uses, or the standard's reference
// entry points, so a detector may key on them legitimately (an ERC-20
// transfer whose boolean result is ignored, an ERC-721 receiver
// callback); they are the only names a detector may look at.
//
// The lexical renaming treats a member name like any other identifier:
// s.owner and a state variable owner become the same new name, which is
// right for struct fields and mappings and harmless otherwise.
func Rename(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(src)/8)
	names := map[string]string{}
	taken := map[string]bool{}
	for _, m := range identRe.FindAll(src, -1) {
		taken[string(m)] = true
	}
	next := 0
	fresh := func() string {
		for {
			next++
			s := "q" + strconv.Itoa(next) + "x"
			if !taken[s] {
				return s
			}
		}
	}
	i := 0
	n := len(src)
	for i < n {
		c := src[i]
		switch {
		case c == '/' && i+1 < n && src[i+1] == '/':
			j := i
			for j < n && src[j] != '\n' {
				j++
			}
			out = append(out, src[i:j]...)
			i = j
		case c == '/' && i+1 < n && src[i+1] == '*':
			j := i + 2
			for j+1 < n && (src[j] != '*' || src[j+1] != '/') {
				j++
			}
			j = min(j+2, n)
			out = append(out, src[i:j]...)
			i = j
		case c == '"' || c == '\'':
			j := i + 1
			for j < n && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, n)
			out = append(out, src[i:j]...)
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < n && isWordByte(src[j]) {
				j++
			}
			out = append(out, src[i:j]...)
			i = j
		case isWordByte(c) || c == '$':
			j := i
			for j < n && (isWordByte(src[j]) || src[j] == '$') {
				j++
			}
			word := string(src[i:j])
			if word == "pragma" || word == "import" {
				// Copy up to the terminating semicolon (strings inside are
				// paths and versions).
				k := j
				for k < n && src[k] != ';' {
					k++
				}
				out = append(out, src[i:k]...)
				i = k
				continue
			}
			if kept(word) {
				out = append(out, word...)
			} else {
				r, ok := names[word]
				if !ok {
					r = fresh()
					names[word] = r
				}
				out = append(out, r...)
			}
			i = j
		default:
			out = append(out, c)
			i++
		}
	}
	return out
}

var identRe = regexp.MustCompile(`[A-Za-z_$][A-Za-z0-9_$]*`)

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

var typeRe = regexp.MustCompile(`^(u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?|bytes([1-9]|[12][0-9]|3[0-2])?|u?fixed([0-9]+x[0-9]+)?)$`)

func kept(w string) bool {
	return keptWords[w] || typeRe.MatchString(w)
}

// keptWords are the names Rename leaves alone. See Rename.
var keptWords = func() map[string]bool {
	m := map[string]bool{}
	for _, group := range [][]string{
		// Keywords, reserved words and elementary types.
		{"abstract", "address", "anonymous", "as", "assembly", "bool", "break", "byte", "bytes", "calldata",
			"catch", "constant", "constructor", "continue", "contract", "default", "delete", "do", "else", "emit",
			"enum", "error", "event", "external", "fallback", "false", "final", "for", "from", "function",
			"global", "hex", "if", "immutable", "import", "indexed", "interface", "internal", "is", "library",
			"mapping", "memory", "modifier", "new", "override", "payable", "pragma", "private", "public",
			"pure", "receive", "return", "returns", "revert", "storage", "string", "struct", "throw", "true",
			"try", "type", "unchecked", "unicode", "using", "var", "view", "virtual", "while", "constant",
			"solidity", "experimental", "ABIEncoderV2", "_", "let", "switch", "case", "leave", "function",
			"after", "alias", "apply", "auto", "copyof", "define", "implements", "in", "inline", "macro",
			"match", "mutable", "null", "of", "partial", "promise", "reference", "relocatable", "sealed",
			"sizeof", "static", "supports", "typedef", "typeof"},
		// Units.
		{"wei", "gwei", "szabo", "finney", "ether", "seconds", "minutes", "hours", "days", "weeks", "years"},
		// Globals and their members.
		{"msg", "tx", "block", "abi", "this", "super", "now", "gasleft", "blockhash", "blobhash", "keccak256",
			"sha3", "sha256", "ripemd160", "ecrecover", "addmod", "mulmod", "selfdestruct", "suicide", "require",
			"assert", "sender", "value", "data", "sig", "gas", "origin", "gasprice", "timestamp", "number",
			"coinbase", "difficulty", "gaslimit", "prevrandao", "basefee", "blobbasefee", "chainid", "balance",
			"send", "call", "delegatecall", "callcode", "staticcall", "length", "push", "pop",
			"code", "codehash", "encode", "encodePacked", "encodeWithSelector", "encodeWithSignature",
			"encodeCall", "decode", "selector", "creationCode", "runtimeCode", "interfaceId", "min", "max",
			"wrap", "unwrap", "concat", "name"},
		// Yul built-ins.
		{"stop", "add", "sub", "mul", "div", "sdiv", "mod", "smod", "exp", "not", "lt", "gt", "slt", "sgt",
			"eq", "iszero", "and", "or", "xor", "shl", "shr", "sar", "signextend", "mload", "mstore",
			"mstore8", "sload", "sstore", "tload", "tstore", "msize", "pc", "mcopy", "caller", "callvalue",
			"calldataload", "calldatasize", "calldatacopy", "codesize", "codecopy", "extcodesize",
			"extcodecopy", "extcodehash", "returndatasize", "returndatacopy", "create", "create2", "invalid",
			"log0", "log1", "log2", "log3", "log4", "selfbalance", "datasize", "dataoffset", "datacopy"},
		// The standard token interfaces' functions and events (ABI names).
		{"totalSupply", "balanceOf", "transfer", "transferFrom", "approve", "allowance", "Transfer",
			"Approval", "symbol", "decimals", "ownerOf", "safeTransferFrom", "safeBatchTransferFrom",
			"getApproved", "setApprovalForAll", "isApprovedForAll", "ApprovalForAll", "TransferSingle",
			"TransferBatch", "onERC721Received", "onERC1155Received", "onERC1155BatchReceived",
			"tokensReceived", "tokensToSend", "operatorSend", "permit", "nonces", "DOMAIN_SEPARATOR",
			"supportsInterface", "balanceOfBatch", "granularity", "authorizeOperator"},
		// The internal safe mint and transfers through which the standard
		// ERC-721/1155 implementations call the receiver's hook, called
		// from contracts inheriting an implementation the bundle lacks.
		{"_safeMint", "_safeTransfer", "_safeTransferFrom", "_safeBatchTransferFrom"},
	} {
		for _, w := range group {
			m[w] = true
		}
	}
	return m
}()
