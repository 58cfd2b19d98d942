package core

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// WebhookOptions are the delivery settings of decisions.md. The zero value
// is the production default: https only, special-purpose addresses refused.
type WebhookOptions struct {
	// AllowInsecure accepts http:// URLs (BULWARK_WEBHOOK_ALLOW_INSECURE).
	AllowInsecure bool
	// AllowPrivate lets deliveries reach private, loopback and other
	// special-purpose addresses (BULWARK_WEBHOOK_ALLOW_PRIVATE).
	AllowPrivate bool
	// Resolver resolves receiver host names; nil means net.DefaultResolver.
	// Tests substitute one that maps names to chosen addresses.
	Resolver Resolver
	// Timeout bounds one attempt, connection to last response byte; zero
	// means api.md's 10 seconds.
	Timeout time.Duration
}

// Resolver looks up the addresses of a host name (*net.Resolver is one).
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// DeliveryTimeout is api.md's webhook delivery timeout.
const DeliveryTimeout = 10 * time.Second

// ErrBlockedAddress is returned when a receiver resolves to an address
// deliveries may not reach.
var ErrBlockedAddress = errors.New("address is not allowed for webhook delivery")

// blockedPrefixes are the special-purpose ranges of the IANA registries
// (RFC 6890 and successors) that a webhook must not reach: anything that is
// not a globally routable unicast address.
var blockedPrefixes = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8",       // "this network", includes unspecified
		"10.0.0.0/8",      // private
		"100.64.0.0/10",   // carrier-grade NAT
		"127.0.0.0/8",     // loopback
		"169.254.0.0/16",  // link-local, cloud metadata
		"172.16.0.0/12",   // private
		"192.0.0.0/24",    // IETF protocol assignments
		"192.0.2.0/24",    // documentation TEST-NET-1
		"192.88.99.0/24",  // 6to4 relay anycast
		"192.168.0.0/16",  // private
		"198.18.0.0/15",   // benchmarking
		"198.51.100.0/24", // documentation TEST-NET-2
		"203.0.113.0/24",  // documentation TEST-NET-3
		"224.0.0.0/4",     // multicast
		"240.0.0.0/4",     // reserved, includes broadcast
		"::/128",          // unspecified
		"::1/128",         // loopback
		"::ffff:0:0/96",   // IPv4-mapped
		"::/96",           // IPv4-compatible (deprecated)
		"64:ff9b::/96",    // NAT64 well-known prefix
		"64:ff9b:1::/48",  // local-use NAT64
		"100::/64",        // discard-only
		"2001::/32",       // Teredo
		"2001:2::/48",     // benchmarking
		"2001:db8::/32",   // documentation
		"2001:10::/28",    // ORCHID
		"2001:20::/28",    // ORCHIDv2
		"2002::/16",       // 6to4
		"3fff::/20",       // documentation
		"5f00::/16",       // segment routing SIDs
		"fc00::/7",        // unique local
		"fe80::/10",       // link-local
		"fec0::/10",       // site-local (deprecated)
		"ff00::/8",        // multicast
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// BlockedAddr reports whether deliveries must not reach a. IPv4-mapped
// IPv6 addresses are judged as the IPv4 address they carry too, so
// ::ffff:127.0.0.1 is loopback whichever way a resolver writes it.
func BlockedAddr(a netip.Addr) bool {
	if !a.IsValid() || a.Zone() != "" {
		return true
	}
	for _, p := range blockedPrefixes {
		if p.Contains(a) {
			return true
		}
	}
	if a.Is4In6() {
		return BlockedAddr(a.Unmap())
	}
	return false
}

// webhookClient returns the HTTP client deliveries use: built once per
// service, with connection reuse, no proxy, no redirects, and the address
// check at dial time.
func (s *Service) webhookClient() *http.Client {
	s.whOnce.Do(func() { s.whClient = newWebhookClient(s.Webhooks) })
	return s.whClient
}

func newWebhookClient(o WebhookOptions) *http.Client {
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DeliveryTimeout
	}
	var res Resolver = net.DefaultResolver
	if o.Resolver != nil {
		res = o.Resolver
	}
	dialer := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second}
	if !o.AllowPrivate {
		// The last line of defence: whatever resolved the name, the socket
		// is refused before connect when its address is special-purpose.
		dialer.Control = func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return fmt.Errorf("dial %s: %w", address, ErrBlockedAddress)
			}
			if BlockedAddr(ap.Addr()) {
				return fmt.Errorf("dial %s: %w", ap.Addr(), ErrBlockedAddress)
			}
			return nil
		}
	}
	tr := &http.Transport{
		Proxy: nil, // a proxy would dial for us and bypass the check
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			host, port, err := net.SplitHostPort(addr)
			if err != nil {
				return nil, err
			}
			var addrs []netip.Addr
			if a, err := netip.ParseAddr(host); err == nil {
				// A literal is judged as written: [::ffff:10.0.0.1] is an
				// IPv4-mapped address and refused as such.
				addrs = []netip.Addr{a}
			} else {
				if addrs, err = res.LookupNetIP(ctx, "ip", host); err != nil {
					return nil, fmt.Errorf("resolve %s: %w", host, err)
				}
				// Resolvers may hand IPv4 answers back in mapped form.
				for i := range addrs {
					addrs[i] = addrs[i].Unmap()
				}
			}
			if len(addrs) == 0 {
				return nil, fmt.Errorf("resolve %s: no addresses", host)
			}
			if !o.AllowPrivate {
				// Every answer is checked: a name with one public and one
				// private address is refused, not raced.
				for _, a := range addrs {
					if BlockedAddr(a) {
						return nil, fmt.Errorf("%s resolves to %s: %w", host, a, ErrBlockedAddress)
					}
				}
			}
			// Dial the checked addresses themselves, so a second lookup
			// cannot return something else (DNS rebinding).
			var lastErr error
			for _, a := range addrs {
				c, err := dialer.DialContext(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
				if err == nil {
					return c, nil
				}
				lastErr = err
			}
			return nil, lastErr
		},
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          256,
		MaxIdleConnsPerHost:   16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
	}
	return &http.Client{
		Transport: tr,
		Timeout:   timeout,
		// A redirect is the receiver's answer, not an instruction: following
		// it would let a public host point deliveries at an internal one.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
