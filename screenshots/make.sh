#!/usr/bin/env bash
# Makes the pictures in screenshots/ from the real program, from fixed seeds:
# each runs in a tmux pane, is captured with its colours, turned into HTML by
# aha and photographed by headless Chromium. It installs aha, Chromium and the
# DejaVu fonts with apt-get if they are missing (as root, or with sudo).
#
#   screenshots/make.sh          all pictures
#   screenshots/make.sh hint     the pictures whose names contain "hint"
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v tmux >/dev/null || need+=(tmux)
command -v aha >/dev/null || need+=(aha)
command -v chromium >/dev/null || need+=(chromium)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
	echo "installing ${need[*]}" >&2
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

work=$(mktemp -d)
trap 'tmux -L shot kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/2048" .

# shot NAME COLS ROWS "FLAGS" KEYS...: runs the game with FLAGS in a fresh
# home (or in the home left by the games of history, with keep=1), types
# the keys (a number N waits N tenths of a second), and saves
# screenshots/NAME.png.
shot() {
	local name=$1 cols=$2 rows=$3 flags=$4
	shift 4
	case $name in *"${filter:-}"*) ;; *) return 0 ;; esac
	if [ "${keep:-0}" != 1 ]; then
		rm -rf "$work/home"
		mkdir -p "$work/home"
	fi
	# TERM is one for which the renderer does not erase runs of blank cells
	# with ECH: tmux's capture-pane drops erased cells that have only a
	# background colour at the end of a line, and the board's edge with them.
	tmux -L shot kill-server 2>/dev/null || true
	tmux -L shot -f /dev/null new-session -d -s shot -x "$cols" -y "$rows" \
		"env HOME=$work/home XDG_STATE_HOME=$work/home/state XDG_DATA_HOME=$work/home/data TERM=rxvt-unicode-256color COLORTERM=truecolor $work/2048 $flags"
	sleep 1
	for k in "$@"; do
		if [[ $k =~ ^[0-9]+$ ]]; then
			sleep "$(printf '%d.%d' $((k / 10)) $((k % 10)))"
		else
			tmux -L shot send-keys -t shot "$k"
			sleep 0.05
		fi
	done
	sleep 0.5
	tmux -L shot capture-pane -t shot -e -p -N >"$work/$name.ans"
	tmux -L shot kill-server
	{
		echo '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
		echo 'body{margin:0;background:#1e1e1e;color:#d4d4d4}'
		echo "pre{margin:0;padding:12px;font:16px/1.0 'DejaVu Sans Mono',monospace}"
		echo '</style></head><body><pre>'
		aha --no-header <"$work/$name.ans"
		echo '</pre></body></html>'
	} >"$work/$name.html"
	# DejaVu Sans Mono at 16px: 9.63 px a column, 16 px a line.
	local w=$(((cols * 963 + 99) / 100 + 24)) h=$((rows * 16 + 24))
	chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking \
		--disable-component-update --disable-sync --no-first-run --hide-scrollbars \
		--user-data-dir="$work/chrome" --force-device-scale-factor=2 \
		--window-size="$w,$h" --screenshot="screenshots/$name.png" "file://$work/$name.html" 2>/dev/null
	echo "screenshots/$name.png"
}

# history SEEDS...: fills a fresh home with a history: the AI plays the game
# of each seed at depth 2 to its end, and the next seed's game (-seed starts
# a new game) writes it to the history. The last game stays on screen, over.
history() {
	rm -rf "$work/home"
	mkdir -p "$work/home"
	local seed
	for seed in "$@"; do
		tmux -L shot kill-server 2>/dev/null || true
		tmux -L shot -f /dev/null new-session -d -s shot -x 80 -y 24 \
			"env HOME=$work/home XDG_STATE_HOME=$work/home/state XDG_DATA_HOME=$work/home/data $work/2048 -seed $seed -autoplay -speed 0 -depth 2"
		for _ in $(seq 100); do # the game over, in 10 s at most
			sleep 0.1
			tmux -L shot capture-pane -t shot -p | grep -q "Game over" && break
		done
		tmux -L shot send-keys -t shot q
		sleep 0.3
	done
	tmux -L shot kill-server 2>/dev/null || true
}

filter=${1:-}
# The same opening for every game in progress: seed 2048, the corner moves.
opening=(Down Left Down Left Down Right Down Left Down Down Left Down Right Down Left Left Down Down Left Down
	Right Down Left Down Left Down Down Right Left Down Left Down Down Left Right Down Left Down Down Left)

shot hint 80 24 "-seed 2048" "${opening[@]}" h 20
# The AI at play: the opening by hand, then a turns autoplay on, at a pace
# that leaves the game far from its end when the picture is taken.
shot autoplay 80 24 "-seed 2048 -speed 200ms" "${opening[@]}" a 25
shot theme-dark 80 24 "-seed 2048 -theme dark" "${opening[@]}" h 20
shot theme-contrast 80 24 "-seed 2048 -theme contrast" "${opening[@]}"
shot no-color 80 24 "-seed 2048 -color none" "${opening[@]}" h 20
shot small 72 17 "-seed 2048" "${opening[@]}"
# A pane of half a screen split in two, and a corner of one: the board alone,
# a line of status under it.
shot pane 60 24 "-seed 2048" "${opening[@]}" h 20
shot corner 30 12 "-seed 2048" "${opening[@]}" h 20
shot large 140 42 "-seed 2048" "${opening[@]}" h 20
# The replay of a game of hints, autoplay and careless moves, at its first
# mistake.
shot replay 80 24 "-seed 2048" "${opening[@]}" Up Left Up Down h 10 Space a 20 a Up Right Up Left Down r 30 Home Down
# The practice of a new player: today's puzzle, found in a second or so,
# answered.
shot practice 100 30 "-seed 2048" p 40 Left 10
case "stats game-over" in *"${filter:-}"*)
	history 3 5 8 13 21 34 55 89
	keep=1 shot game-over 80 24 "" 5
	keep=1 shot stats 80 24 "" s 3
	;;
esac
