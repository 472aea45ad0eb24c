package sim

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/dustin/go-humanize"
)

// MaxWorkers bounds the workers a command lets a run have. Each worker is a
// goroutine playing one game at a time on one thread, so workers beyond the
// cores only share them; the bound keeps a mistyped count from starting a
// million goroutines.
const MaxWorkers = 1024

// CheckMemory returns an error if the transposition tables of the workers
// of c, which each reserves when it starts (see Player.TableMB), would take
// more than half of memory bytes, the memory the program may use (0 if
// unknown: no check). The tables are not made smaller to fit, since a
// table's size can change the games.
func (c Config) CheckMemory(memory uint64) error {
	workers := uint64(c.ActiveWorkers())
	table := uint64(c.Player.TableMB()) << 20
	if memory == 0 || table == 0 || workers*table <= memory/2 {
		return nil
	}
	return fmt.Errorf("%d workers with a %s table each need %s, more than half of the %s of memory here; want at most %d",
		workers, humanize.IBytes(table), humanize.IBytes(workers*table), humanize.IBytes(memory), memory/2/table)
}

// PhysicalMemory returns the memory this process may use, in bytes: the
// machine's as Linux reports it in /proc/meminfo, or the limit of its
// control group if that is lower (in a container), or 0 if neither can be
// read (on other systems).
func PhysicalMemory() uint64 {
	total := memTotal()
	if data, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		limit, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64) // "max" when there is none
		if err == nil && (total == 0 || limit < total) {
			return limit
		}
	}
	return total
}

// memTotal returns MemTotal of /proc/meminfo in bytes, or 0 if it cannot be
// read.
func memTotal() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// MemTotal:       24590272 kB
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			kb, err := strconv.ParseUint(fields[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
