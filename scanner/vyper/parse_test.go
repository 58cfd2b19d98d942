package vyper_test

import (
	"strings"
	"testing"

	"github.com/bulwark-sec/bulwark/scanner"
	"github.com/bulwark-sec/bulwark/scanner/vyper"
)

// v03 is Vyper 0.3 as its documentation writes it.
const v03 = `# @version 0.3.10
"""
@title Example
@notice docstring module
"""
from vyper.interfaces import ERC20
implements: ERC20

interface Exchange:
    def swap(amount: uint256) -> uint256: nonpayable
    def rate() -> uint256: view

event Transfer:
    sender: indexed(address)
    receiver: indexed(address)
    value: uint256

struct Bid:
    blindedBid: bytes32
    deposit: uint256

enum Roles:
    ADMIN
    USER

MAX_BIDS: constant(int128) = 128
OWNER: immutable(address)
balanceOf: public(HashMap[address, uint256])
bids: HashMap[address, Bid[128]]
name: public(String[64])

@external
def __init__(_name: String[64]):
    OWNER = msg.sender
    self.name = _name

@external
@nonreentrant("lock")
def transfer(_to: address, _value: uint256) -> bool:
    self.balanceOf[msg.sender] -= _value
    self.balanceOf[_to] += _value
    log Transfer(msg.sender, _to, _value)
    return True

@internal
@view
def _rate(e: address) -> (uint256, bool):
    r: uint256 = Exchange(e).rate()
    return r, r > 0 and not (r == 1 or r >= 10 ** 18)

@external
@payable
def bid(_blindedBid: bytes32):
    for i in range(128):
        if i >= 3:
            break
        elif i == 1:
            continue
        else:
            pass
    self.bids[msg.sender][0] = Bid({blindedBid: _blindedBid, deposit: msg.value})
    x: Bytes[100] = _abi_encode(msg.sender, method_id=method_id("f()"))
    success: bool = False
    response: Bytes[32] = b""
    success, response = raw_call(msg.sender, x, max_outsize=32, value=0, revert_on_failure=False)
    assert success, "call failed"
    y: int128 = -convert(response, int128) if success else empty(int128)

@external
def __default__():
    raise "no default"
`

// v04 is Vyper 0.4 with modules, as its documentation writes it.
const v04 = `#pragma version ^0.4.0
#pragma nonreentrancy off
from ethereum.ercs import IERC20
from snekmate.auth import ownable as ow
import lib.math as math

initializes: ow
initializes: token[ow := ow]
uses: math
exports: (ow.owner, ow.transfer_ownership)
exports: token.__interface__

flag Action:
    BUY
    SELL

struct Point:
    x: int256
    y: int256

asset: public(immutable(IERC20))
points: DynArray[Point, 100]

@deploy
@payable
def __init__(a: IERC20):
    ow.__init__()
    asset = a

@external
@nonreentrant
def deposit(amount: uint256, receiver: address = msg.sender) -> uint256:
    ow._check_owner()
    assert extcall asset.transferFrom(msg.sender, self, amount, default_return_value=True)
    bal: uint256 = staticcall asset.balanceOf(self)
    for i: uint256 in range(10):
        self.points.append(Point(x=convert(i, int256), y=0))
    p: Point = self.points.pop()
    a: Action = Action.BUY | Action.SELL
    if a in Action.BUY:
        pass
    return bal // 2 * 3 if p.x != 0 else math.mul_div(amount, 2, 3)

@internal
@pure
def _shift(x: uint256) -> uint256:
    return (x << 2) >> 1 ^ x & 3 | ~x
`

// vyi is a .vyi interface file.
const vyi = `# pragma version ^0.4.0
event Transfer:
    sender: indexed(address)
    amount: uint256

@external
@view
def balanceOf(owner: address) -> uint256:
    ...

@external
def transfer(to: address, amount: uint256) -> bool:
    ...
`

func TestParseDocStyle(t *testing.T) {
	for _, c := range []struct{ name, src, funcs string }{
		{"v03.vy", v03, "__init__ transfer _rate bid __default__"},
		{"v04.vy", v04, "__init__ deposit _shift"},
		{"IToken.vyi", vyi, "balanceOf transfer"},
	} {
		u := vyper.ParseFile(scanner.File{Path: c.name, Content: []byte(c.src)})
		if errs := u.Errors(); len(errs) > 0 {
			t.Errorf("%s: parse errors: %v", c.name, errs)
		}
		var names []string
		for _, f := range u.Functions {
			names = append(names, f.Name)
		}
		if got := strings.Join(names, " "); got != c.funcs {
			t.Errorf("%s: functions = %q, want %q", c.name, got, c.funcs)
		}
		if u.Pragma == nil {
			t.Errorf("%s: no version pragma", c.name)
		}
	}
	u := vyper.ParseFile(scanner.File{Path: "v04.vy", Content: []byte(v04)})
	if u.State["points"] == nil || u.State["asset"] != nil || u.Imports["ow"] != "ownable" || u.Imports["math"] != "math" {
		t.Errorf("state %v imports %v", u.State, u.Imports)
	}
	if p := u.Pragma; p.Major != 0 || p.Minor != 4 || p.Patch != 0 {
		t.Errorf("pragma = %+v", p)
	}
}

// TestParseRecovery checks that a broken statement costs only its line
// (and a missing bracket only its function).
func TestParseRecovery(t *testing.T) {
	src := `x: uint256

@external
def broken():
    self.x = = 1
    self.x = 2

@external
def unclosed(a: uint256:
    self.x = (a

@external
def after():
    self.x = 3
`
	u := vyper.ParseFile(scanner.File{Path: "x.vy", Content: []byte(src)})
	if len(u.Errors()) == 0 {
		t.Fatal("no parse error reported")
	}
	var names []string
	for _, f := range u.Functions {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "broken after" {
		t.Errorf("functions = %q, want %q", got, "broken after")
	}
	if n := len(u.Functions[0].Body.Children); n != 2 {
		t.Errorf("broken() has %d statements, want 2 (the error and the next line)", n)
	}
}

// TestParseDepth feeds deeply nested input: an error, no stack overflow.
func TestParseDepth(t *testing.T) {
	for _, src := range []string{
		"x: uint256 = " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + "\n",
		"x: uint256 = " + strings.Repeat("not ", 100000) + "1\n",
		"x: uint256 = " + strings.Repeat("-", 100000) + "1\n",
		"x: uint256 = " + strings.Repeat("1 + ", 200000) + "1\n",
		"def f():\n    if x:\n        pass\n" + strings.Repeat("    elif x:\n        pass\n", 100000),
	} {
		u := vyper.ParseFile(scanner.File{Path: "deep.vy", Content: []byte(src)})
		if len(u.Errors()) == 0 {
			t.Error("no error for deeply nested input")
		}
	}
}
