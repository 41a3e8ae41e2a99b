#!/usr/bin/env python3
"""Makes the game's sound effects by synthesis: python3 tools/make_sounds.py

Writes 16-bit mono WAV files into godot-project/sounds/. Every sound is built from sine waves,
filtered noise and envelopes, so they can be remade or changed here; nothing is recorded.
"""

import math
import random
import struct
import wave
from pathlib import Path

RATE = 44100
OUT = Path(__file__).resolve().parent.parent / "godot-project" / "sounds"


def envelope(t, attack, decay):
    """A quick rise and an exponential fall."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def noise_burst(length, decay, cutoff, seed):
    """White noise through a one-pole low-pass filter, decaying."""
    rng = random.Random(seed)
    alpha = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    low = 0.0
    out = []
    for i in range(int(length * RATE)):
        low += alpha * (rng.uniform(-1.0, 1.0) - low)
        out.append(low * envelope(i / RATE, 0.0008, decay))
    return out


def tone(length, freqs, decay, attack=0.002):
    """A sum of sine partials (frequency, weight) under one envelope."""
    out = []
    for i in range(int(length * RATE)):
        t = i / RATE
        s = sum(w * math.sin(2.0 * math.pi * f * t) for f, w in freqs)
        out.append(s * envelope(t, attack, decay))
    return out


def mix(*tracks):
    n = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(n)]


def write(name, samples, peak=0.8):
    top = max(1e-9, max(abs(s) for s in samples))
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        frames = b"".join(struct.pack("<h", int(32767 * peak * s / top)) for s in samples)
        f.writeframes(frames)


def main():
    # A finger flicking the striker: a soft thump and a little click.
    write("strike", mix(tone(0.12, [(180, 1.0), (95, 0.6)], 0.03), noise_burst(0.05, 0.006, 4000, 1)))
    # Two hard pieces meeting: a bright, short click.
    write("click", mix(tone(0.08, [(2300, 1.0), (3450, 0.5), (5200, 0.2)], 0.012), noise_burst(0.03, 0.003, 9000, 2)))
    # A piece against the wooden frame: a lower knock.
    write("cushion", mix(tone(0.15, [(260, 1.0), (410, 0.5), (780, 0.2)], 0.035), noise_burst(0.05, 0.008, 2500, 3)))
    # A piece dropping into the net pocket: a muffled thud and a rustle.
    write("pocket", mix(tone(0.25, [(120, 1.0), (70, 0.8)], 0.07), noise_burst(0.25, 0.06, 1200, 4)), 0.7)
    # A foul: two falling buzzy notes.
    buzz = lambda f, start: [0.0] * int(start * RATE) + tone(0.22, [(f, 1.0), (f * 2, 0.4), (f * 3, 0.25)], 0.12)
    write("foul", mix(buzz(330, 0.0), buzz(247, 0.16)), 0.6)
    # A win: a rising major arpeggio.
    notes = [523.25, 659.25, 783.99, 1046.5]
    write("win", mix(*[[0.0] * int(i * 0.11 * RATE) + tone(0.6, [(f, 1.0), (f * 2, 0.3)], 0.25) for i, f in enumerate(notes)]), 0.6)
    # The queen covered: a bell.
    write("queen", tone(0.9, [(880, 1.0), (1320, 0.5), (2200, 0.25)], 0.35), 0.6)
    # A menu button.
    write("button", tone(0.05, [(1200, 1.0)], 0.012), 0.5)


if __name__ == "__main__":
    main()
