//go:build serve

package serve

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"time"

	"github.com/pires/go-proxyproto"
)

// This file reads the PROXY protocol header (HAProxy's, version 1 in text
// or 2 in binary) that a TCP balancer in front of the server writes before
// a player's bytes, to say whose connection it passes on. The header is
// believed from the balancers Config.ProxyFrom names, and required of
// them; anyone else's first bytes must be SSH's version line (see
// greeted), so that no client can name an address of its choosing.
//
// The header is parsed by github.com/pires/go-proxyproto (Read), whose
// Listener is not used: it would read the header on Accept's caller or on
// the first Read, where the server must first count the connection
// against its limits, and read it within the greeting's time.

// Proxies are the addresses trusted to send a PROXY header, as
// 2048 serve's -proxy-from flag sets them: networks in CIDR notation,
// separated by commas; a bare address is a network of that address alone.
type Proxies []netip.Prefix

// Set adds the networks of list, as the flag gives them.
func (p *Proxies) Set(list string) error {
	for s := range strings.SplitSeq(list, ",") {
		s = strings.TrimSpace(s)
		prefix, err := netip.ParsePrefix(s)
		if err != nil {
			addr, aerr := netip.ParseAddr(s)
			if aerr != nil {
				return fmt.Errorf("%q: want a network such as 10.0.0.0/8 or fd00::/8, or an address", s)
			}
			prefix = netip.PrefixFrom(addr, addr.BitLen())
		}
		*p = append(*p, prefix.Masked())
	}
	return nil
}

// String returns the networks as the flag takes them.
func (p *Proxies) String() string {
	if p == nil {
		return ""
	}
	s := make([]string, len(*p))
	for i, prefix := range *p {
		s[i] = prefix.String()
	}
	return strings.Join(s, ",")
}

// trusts reports whether a connection from a comes through a balancer
// trusted to send a PROXY header. An IPv4 address mapped into IPv6 is
// taken as the IPv4 address it is.
func (p Proxies) trusts(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	if !ok || len(p) == 0 {
		return false
	}
	ip, ok := netip.AddrFromSlice(t.IP)
	if !ok {
		return false
	}
	ip = ip.Unmap()
	for _, prefix := range p {
		if prefix.Contains(ip) {
			return true
		}
	}
	return false
}

// A proxiedConn is a connection through a balancer once its PROXY header
// is read: its reads start with what the reader of the header buffered
// past it, and its remote address is the player's.
type proxiedConn struct {
	net.Conn
	r      *bufio.Reader
	remote net.Addr
}

// Read reads what came after the header.
func (c *proxiedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// RemoteAddr returns the player's address, as the header gave it.
func (c *proxiedConn) RemoteAddr() net.Addr { return c.remote }

// CloseWrite closes the connection's sending side, as a refusal does
// before it reads the client's last bytes (see refuseWithin).
func (c *proxiedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// errNoHeader says that a balancer trusted to send a PROXY header did not:
// a client connected to the server directly from the balancer's network,
// or a balancer not set up to send one, whose players would all share its
// address.
var errNoHeader = errors.New("no PROXY header from an address of -proxy-from")

// readProxyHeader reads the PROXY header that begins c, until deadline,
// and returns the connection that reads on after it, whose remote address
// is the player's. A header that says the balancer speaks for itself (a
// version 2 LOCAL, such as a health check, or a version 1 UNKNOWN) leaves
// the balancer's own address. The deadline on c's reads is left as it was
// set for the header.
func readProxyHeader(c net.Conn, deadline time.Time) (net.Conn, error) {
	c.SetReadDeadline(deadline)
	r := bufio.NewReader(c)
	h, err := proxyproto.Read(r)
	switch {
	case errors.Is(err, proxyproto.ErrNoProxyProtocol):
		return nil, errNoHeader
	case err != nil && !time.Now().Before(deadline):
		return nil, fmt.Errorf("PROXY header: not whole within the greeting's time (%w)", err)
	case err != nil:
		return nil, fmt.Errorf("PROXY header: %w", err)
	}
	remote := c.RemoteAddr()
	if src, _, ok := h.TCPAddrs(); ok && h.Command.IsProxy() {
		remote = &net.TCPAddr{IP: src.IP, Port: src.Port}
	}
	return &proxiedConn{Conn: c, r: r, remote: remote}, nil
}
