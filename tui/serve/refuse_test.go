//go:build serve

package serve

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// TestRefusal checks the bytes that refuse a client against RFC 4253: the
// version line, then one packet whose length, padding and payload are
// those of a disconnect message with the reason.
func TestRefusal(t *testing.T) {
	for _, why := range []string{"", "x", "2048: the server is busy. Try again in a minute.", string(make([]byte, 300))} {
		b := refusal(why)
		line := []byte(serverVersion + "\r\n")
		if !bytes.HasPrefix(b, line) {
			t.Fatalf("%q: no version line first: %q", why, b)
		}
		p := b[len(line):]
		length := binary.BigEndian.Uint32(p)
		padding := int(p[4])
		if int(length)+4 != len(p) || (4+int(length))%8 != 0 || padding < 4 || padding > 255 {
			t.Fatalf("%q: packet length %d, padding %d, %d bytes", why, length, padding, len(p))
		}
		payload := p[5 : len(p)-padding]
		if payload[0] != 1 || binary.BigEndian.Uint32(payload[1:]) != disconnectTooManyConnections {
			t.Errorf("%q: not a disconnect for too many connections: % x", why, payload[:5])
		}
		n := binary.BigEndian.Uint32(payload[5:])
		if got := string(payload[9 : 9+n]); got != why || len(payload) != 9+int(n)+4 {
			t.Errorf("%q: the reason reads %q, the payload %d bytes", why, got, len(payload))
		}
	}
}
