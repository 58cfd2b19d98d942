package core_test

import (
	"net/netip"
	"testing"

	"github.com/bulwark-sec/bulwark/core"
)

func TestBlockedAddr(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		blocked bool
	}{
		{"0.0.0.0", true},               // unspecified
		{"0.1.2.3", true},               // this network
		{"10.0.0.1", true},              // private
		{"172.16.0.1", true},            // private
		{"172.31.255.254", true},        // private
		{"192.168.1.1", true},           // private
		{"127.0.0.1", true},             // loopback
		{"127.255.255.254", true},       // loopback
		{"169.254.169.254", true},       // link-local, cloud metadata
		{"100.64.0.1", true},            // CGNAT
		{"100.127.255.254", true},       // CGNAT
		{"224.0.0.1", true},             // multicast
		{"239.255.255.250", true},       // multicast
		{"255.255.255.255", true},       // broadcast
		{"240.0.0.1", true},             // reserved
		{"192.0.2.10", true},            // documentation
		{"198.51.100.10", true},         // documentation
		{"203.0.113.10", true},          // documentation
		{"198.18.0.1", true},            // benchmarking
		{"192.0.0.8", true},             // IETF assignments
		{"192.88.99.1", true},           // 6to4 relay
		{"::", true},                    // unspecified
		{"::1", true},                   // loopback
		{"::ffff:127.0.0.1", true},      // IPv4-mapped loopback
		{"::ffff:8.8.8.8", true},        // IPv4-mapped, even public: literals must be plain IPv4
		{"::127.0.0.1", true},           // IPv4-compatible
		{"64:ff9b::a00:1", true},        // NAT64 of 10.0.0.1
		{"2001::1", true},               // Teredo
		{"2002:7f00:1::1", true},        // 6to4 of 127.0.0.1
		{"2001:db8::1", true},           // documentation
		{"fc00::1", true},               // unique local
		{"fd12:3456::1", true},          // unique local
		{"fe80::1", true},               // link-local
		{"fec0::1", true},               // site-local
		{"ff02::1", true},               // multicast
		{"fe80::1%eth0", true},          // zoned
		{"8.8.8.8", false},              // public
		{"1.1.1.1", false},              // public
		{"93.184.216.34", false},        // public
		{"100.63.255.255", false},       // just below CGNAT
		{"100.128.0.0", false},          // just above CGNAT
		{"172.32.0.1", false},           // just above 172.16/12
		{"2606:4700:4700::1111", false}, // public IPv6
		{"2a00:1450:4001:80b::200e", false},
	} {
		if got := core.BlockedAddr(netip.MustParseAddr(tc.addr)); got != tc.blocked {
			t.Errorf("BlockedAddr(%s) = %v, want %v", tc.addr, got, tc.blocked)
		}
	}
	if !core.BlockedAddr(netip.Addr{}) {
		t.Error("the zero address is not blocked")
	}
}
