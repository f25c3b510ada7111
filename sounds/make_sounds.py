"""Synthesize every sound of Two Rivers into this folder as 16-bit mono 44.1 kHz WAV files.

Standard library only (wave, math, struct, random with a fixed seed), so anyone can rebuild the sounds
with `python sounds/make_sounds.py` and get the same bytes. The WAVs are committed; the game never
runs this. Each sound is normalized to its own peak (quiet UI ticks, louder fanfares), never clips,
and fades in and out so it starts and stops without a click.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44100
HERE = Path(__file__).resolve().parent
Samples = list[float]


# ---- building blocks ---------------------------------------------------------------------------


def blank(seconds: float) -> Samples:
    """Silence of the given length."""
    return [0.0] * int(seconds * RATE)


def tone(freq: float, seconds: float, partials: Sequence[tuple[float, float]] = ((1, 1.0),),
         attack: float = 0.005, tau: float | None = None, release: float = 0.05,
         vibrato: float = 0.0, glide: float = 0.0) -> Samples:
    """A note built from (ratio, amplitude) partials, with attack, exponential decay (tau) or a release.

    glide bends the pitch from freq * (1 + glide) down to freq over the first 40 ms (a plucked feel).
    """
    n = int(seconds * RATE)
    out = [0.0] * n
    phases = [0.0] * len(partials)
    for i in range(n):
        t = i / RATE
        f = freq * (1 + glide * math.exp(-t / 0.04)) * (1 + vibrato * math.sin(2 * math.pi * 5.2 * t))
        v = 0.0
        for k, (ratio, amp) in enumerate(partials):
            phases[k] += 2 * math.pi * f * ratio / RATE
            v += amp * math.sin(phases[k])
        env = min(1.0, t / attack) if attack > 0 else 1.0
        if tau is not None:
            env *= math.exp(-t / tau)
        if release > 0 and t > seconds - release:
            env *= max(0.0, (seconds - t) / release)
        out[i] = v * env
    return out


def sweep(f0: float, f1: float, seconds: float, tau: float) -> Samples:
    """A sine whose pitch falls exponentially from f0 to f1: the body of a drum."""
    n = int(seconds * RATE)
    out, phase = [0.0] * n, 0.0
    for i in range(n):
        t = i / RATE
        phase += 2 * math.pi * (f1 + (f0 - f1) * math.exp(-t / 0.05)) / RATE
        out[i] = math.sin(phase) * math.exp(-t / tau)
    return out


def noise(seconds: float, rng: random.Random, tau: float | None = None) -> Samples:
    """White noise, optionally decaying with time constant tau."""
    n = int(seconds * RATE)
    if tau is None:
        return [rng.uniform(-1, 1) for _ in range(n)]
    return [rng.uniform(-1, 1) * math.exp(-i / RATE / tau) for i in range(n)]


def lowpass(x: Samples, cutoff: float, passes: int = 1) -> Samples:
    """One-pole low-pass filter (repeat passes for a steeper slope)."""
    a = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    for _ in range(passes):
        y, out = 0.0, []
        for v in x:
            y += a * (v - y)
            out.append(y)
        x = out
    return x


def highpass(x: Samples, cutoff: float) -> Samples:
    """One-pole high-pass filter: the signal minus its low-passed self."""
    return [v - lo for v, lo in zip(x, lowpass(x, cutoff), strict=True)]


def band(x: Samples, lo: float, hi: float) -> Samples:
    """Keep roughly the frequencies between lo and hi."""
    return lowpass(highpass(x, lo), hi, passes=2)


def mix(dest: Samples, src: Samples, at: float = 0.0, gain: float = 1.0) -> Samples:
    """Add src into dest starting at `at` seconds, growing dest if needed; returns dest."""
    start = int(at * RATE)
    if len(dest) < start + len(src):
        dest.extend([0.0] * (start + len(src) - len(dest)))
    for i, v in enumerate(src):
        dest[start + i] += v * gain
    return dest


def finish(x: Samples, peak: float, fade_in: float = 0.002, fade_out: float = 0.02) -> Samples:
    """Fade the ends (no clicks) and scale so the loudest sample is exactly `peak` (below 1: no clipping)."""
    n = len(x)
    fi, fo = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    for i in range(min(fi, n)):
        x[i] *= i / fi
    for i in range(min(fo, n)):
        x[n - 1 - i] *= i / fo
    top = max(abs(v) for v in x) or 1.0
    return [v * peak / top for v in x]


def write(name: str, x: Samples) -> None:
    """Write samples in -1..1 as a 16-bit mono WAV."""
    data = struct.pack(f"<{len(x)}h", *(max(-32767, min(32767, round(v * 32767))) for v in x))
    with wave.open(str(HERE / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data)


BELL = ((1, 1.0), (2.0, 0.45), (3.01, 0.2), (4.2, 0.12))
BRASS = tuple((k, 1 / k ** 0.9) for k in range(1, 9))
METAL = ((1, 1.0), (2.76, 0.5), (5.4, 0.25), (8.93, 0.12))


def note(name: str) -> float:
    """Frequency of a note such as 'A4' or 'C#5' (equal temperament, A4 = 440 Hz)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]] + (1 if "#" in name else 0) + 12 * (int(name[-1]) - 4)
    return 440.0 * 2 ** (semis / 12)


# ---- the sounds --------------------------------------------------------------------------------


def place_tile(rng: random.Random) -> Samples:
    """A fired-clay tile set down on the board: a bright clack over a short, dull knock."""
    x = band(noise(0.2, rng, tau=0.01), 900, 3200)
    mix(x, tone(430, 0.2, ((1, 1.0), (2.63, 0.5)), attack=0.001, tau=0.025, release=0.01), gain=0.7)
    mix(x, tone(150, 0.2, attack=0.002, tau=0.04, release=0.02), gain=0.6)
    return finish(x, 0.8)


def place_leader(rng: random.Random) -> Samples:
    """A wooden token: a hollow tock, then a tiny second tap as it settles."""
    def tock() -> Samples:
        x = tone(760, 0.16, ((1, 1.0), (2.9, 0.35)), attack=0.001, tau=0.03, release=0.01)
        return mix(x, band(noise(0.02, rng, tau=0.003), 1500, 5000), gain=0.6)

    x = tock()
    mix(x, tock(), at=0.055, gain=0.25)
    return finish(x, 0.75)


def drum(rng: random.Random, gain: float = 1.0) -> Samples:
    """A deep frame drum hit."""
    x = sweep(120, 58, 0.7, tau=0.2)
    mix(x, lowpass(noise(0.15, rng, tau=0.03), 900, passes=2), gain=0.8)
    return [v * gain for v in x]


def horn(freq: float, seconds: float) -> Samples:
    """A ram's-horn call: brassy partials, soft attack, a little vibrato."""
    return lowpass(tone(freq, seconds, BRASS, attack=0.07, release=0.18, vibrato=0.006), 2400)


def conflict_start(rng: random.Random) -> Samples:
    """War is declared: two drum beats, then a rising horn call."""
    x = drum(rng)
    mix(x, drum(rng, 0.8), at=0.24)
    mix(x, horn(note("D3"), 0.55), at=0.42, gain=0.5)
    mix(x, horn(note("A3"), 0.75), at=0.9, gain=0.5)
    return finish(x, 0.7, fade_out=0.05)


def conflict_end(rng: random.Random) -> Samples:
    """The conflict is settled: a falling horn that comes to rest over a soft drum."""
    x = horn(note("A3"), 0.38)
    mix(x, horn(note("D3"), 0.8), at=0.32)
    mix(x, drum(rng, 0.6), at=0.32)
    return finish(x, 0.6, fade_out=0.08)


def monument(rng: random.Random) -> Samples:
    """A monument rises: a major chord climbing note by note, ringing on together."""
    x = blank(0.1)
    for i, name in enumerate(("C4", "E4", "G4", "C5", "E5")):
        for detune in (0.998, 1.002):  # two slightly apart voices: a warm, chorused ring
            mix(x, tone(note(name) * detune, 1.6 - i * 0.12, BELL, attack=0.02, tau=0.7, release=0.3),
                at=i * 0.12, gain=0.5)
    return finish(x, 0.7, fade_out=0.1)


def treasure(rng: random.Random) -> Samples:
    """Treasure taken: a handful of coins clinking and a bright chime."""
    x = tone(note("E6"), 0.9, BELL, attack=0.002, tau=0.25, release=0.2)
    for _ in range(6):
        ping = tone(rng.uniform(2200, 3400), 0.3, METAL, attack=0.001, tau=rng.uniform(0.04, 0.09), release=0.05)
        mix(x, ping, at=rng.uniform(0.0, 0.35), gain=rng.uniform(0.3, 0.6))
    return finish(x, 0.7, fade_out=0.1)


def turn_chime(rng: random.Random) -> Samples:
    """A new turn: two gentle bell notes, rising."""
    x = tone(note("E5"), 0.9, BELL, attack=0.003, tau=0.3, release=0.2)
    mix(x, tone(note("B5"), 0.75, BELL, attack=0.003, tau=0.3, release=0.2), at=0.16)
    return finish(x, 0.65, fade_out=0.1)


def game_over(rng: random.Random) -> Samples:
    """The game is over: a brass fanfare climbing to a held major chord."""
    x = blank(0.1)
    for i, name in enumerate(("G4", "C5", "E5")):
        mix(x, lowpass(tone(note(name), 0.2, BRASS, attack=0.02, release=0.06, vibrato=0.003), 3500), at=i * 0.17)
    for name in ("C4", "G4", "C5", "E5", "G5"):
        mix(x, lowpass(tone(note(name), 1.6, BRASS, attack=0.04, release=0.6, vibrato=0.005), 3000), at=0.51,
            gain=0.6)
    mix(x, drum(rng, 0.9), at=0.51)
    return finish(x, 0.75, fade_out=0.15)


def click(rng: random.Random) -> Samples:
    """A UI button: a short, soft tick."""
    x = tone(1900, 0.05, ((1, 1.0), (2.4, 0.3)), attack=0.0005, tau=0.007, release=0.01)
    mix(x, highpass(noise(0.01, rng, tau=0.0015), 2000), gain=0.4)
    return finish(x, 0.5, fade_in=0.0005, fade_out=0.01)


def catastrophe(rng: random.Random) -> Samples:
    """A catastrophe: a low earth rumble with stones cracking in it."""
    seconds = 1.5
    # TV speakers barely reach 80 Hz, so the rumble lives around 60-250 Hz rather than below
    x = lowpass(noise(seconds, rng), 250, passes=3)
    env = [min(1.0, i / RATE / 0.08) * math.exp(-i / RATE / 0.55) for i in range(len(x))]
    x = [v * e for v, e in zip(x, env, strict=True)]
    top = max(abs(v) for v in x) or 1.0
    x = [v / top for v in x]
    mix(x, tone(55, seconds, ((1, 1.0), (2, 0.6), (3, 0.3)), attack=0.05, tau=0.5, release=0.3, vibrato=0.05),
        gain=0.5)
    for _ in range(9):
        crack = band(noise(0.05, rng, tau=0.008), 600, 2600)
        mix(x, crack, at=rng.uniform(0.02, 0.7), gain=rng.uniform(0.5, 1.2))
    return finish(x, 0.85, fade_out=0.2)


def score(rng: random.Random) -> Samples:
    """A point scored: one small, bright pling."""
    x = tone(note("G6"), 0.32, ((1, 1.0), (2, 0.25), (3, 0.08)), attack=0.002, tau=0.08, release=0.08, glide=0.03)
    return finish(x, 0.6, fade_out=0.05)


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "place_tile": place_tile, "place_leader": place_leader, "conflict_start": conflict_start,
    "conflict_end": conflict_end, "monument": monument, "treasure": treasure, "turn_chime": turn_chime,
    "game_over": game_over, "click": click, "catastrophe": catastrophe, "score": score,
}


def main(names: list[str]) -> int:
    """Write the named sounds (all when none are named), each from its own fixed seed."""
    unknown = [n for n in names if n not in SOUNDS]
    if unknown:
        print("unknown sound names:", ", ".join(unknown), file=sys.stderr)
        return 2
    for i, name in enumerate(SOUNDS):
        if names and name not in names:
            continue
        x = SOUNDS[name](random.Random(1000 + i))
        write(name, x)
        print(f"{name}.wav {len(x) / RATE:.2f} s peak {max(abs(v) for v in x):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
