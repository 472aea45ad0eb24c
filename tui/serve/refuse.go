//go:build serve

package serve

import (
	"encoding/binary"
	"io"
	"net"
	"time"
)

// refuse tells the client of c, refused before it logged in, why, and
// closes c. It says it as an SSH server would: its version line, then a
// disconnect message (RFC 4253, 11.1) in the clear, as every message is
// before the key exchange; OpenSSH prints its text ("Received disconnect
// from HOST port 2048:12: …"), where a connection closed without a word
// would only say that it was closed. (golang.org/x/crypto/ssh writes a
// disconnect only on a connection whose keys are agreed, which a refused
// one must not cost the server.)
//
// The client's own first bytes are read before the close, a moment at
// most: closed with unread bytes, a socket is reset, and the reset can
// reach the client before what was written, which it then never reads.
func refuse(c net.Conn, why string) { refuseWithin(c, why, refuseWait) }

// refuseWithin is refuse, holding c for wait at most.
func refuseWithin(c net.Conn, why string, wait time.Duration) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(wait))
	if _, err := c.Write(refusal(why)); err != nil {
		return
	}
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	}
	io.Copy(io.Discard, io.LimitReader(c, 64<<10))
}

// refuseWait is the longest a refused connection is held for its client to
// read why.
const refuseWait = time.Second

// The reason code of a disconnect for a server that has no room.
const disconnectTooManyConnections = 12

// refusal returns the bytes that refuse a client: the server's version
// line, and a disconnect message with why as its text, in one unencrypted
// packet of the binary protocol.
func refusal(why string) []byte {
	var payload []byte
	payload = append(payload, 1) // SSH_MSG_DISCONNECT
	payload = binary.BigEndian.AppendUint32(payload, disconnectTooManyConnections)
	payload = binary.BigEndian.AppendUint32(payload, uint32(len(why)))
	payload = append(payload, why...)
	payload = binary.BigEndian.AppendUint32(payload, 0) // no language tag
	// The packet's length, its padding's and the payload, then the padding:
	// at least 4 bytes, to a multiple of 8 in all.
	padding := 8 - (5+len(payload))%8
	if padding < 4 {
		padding += 8
	}
	b := []byte(serverVersion + "\r\n")
	b = binary.BigEndian.AppendUint32(b, uint32(1+len(payload)+padding))
	b = append(b, byte(padding))
	b = append(b, payload...)
	return append(b, make([]byte, padding)...)
}
