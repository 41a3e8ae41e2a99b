#!/usr/bin/env python3
"""Makes the game's sounds by synthesis: python3 tools/make_sounds.py

Writes 16-bit mono WAV files into godot-project/sounds/. Nothing is recorded: every sound is
built here, so it can be remade or changed here, and the same run always writes the same bytes
(every random choice comes from a fixed seed).

The hits are modal synthesis: a struck wooden body rings in a few modes, each a damped sine
(frequency, amplitude, decay time). A hit pushes the modes with a short force pulse; the shorter
the contact (a hard wood-on-wood knock), the higher the modes it reaches, so the pulse's length
sets how bright a hit sounds. Each hit comes in a few variations (modes a few per cent apart, as
no two pieces or spots of the frame ring quite alike) so that a break does not sound like one
sample repeated. The game picks among them and sets pitch and loudness from the impulse.
"""

import math
import random
import struct
from pathlib import Path

RATE = 44100
# The ambience is only a soft noise, so half the rate keeps its loop small.
AMBIENCE_RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "godot-project" / "sounds"

# The bodies that ring, as modes (Hz, amplitude, decay in seconds).
# A carrom man: a wooden disc 3 cm across, 5.5 g. Small and stiff: high, short modes.
COIN = [(2350, 1.0, 0.022), (3480, 0.55, 0.016), (4650, 0.45, 0.011), (5850, 0.25, 0.008),
        (6800, 0.15, 0.006)]
# The striker: 15 g and wider, so its modes sit lower and ring a little longer.
STRIKER = [(1520, 1.0, 0.030), (2460, 0.6, 0.022), (3380, 0.45, 0.015), (4500, 0.3, 0.010),
           (5600, 0.15, 0.007)]
# The board under the pieces: the faint "tock" of the playing surface.
SURFACE = [(1150, 1.0, 0.006), (1720, 0.5, 0.004)]
# The frame behind a cushion: low body modes of the wooden rails.
FRAME = [(95, 0.5, 0.100), (150, 0.8, 0.085), (215, 1.0, 0.070), (290, 0.7, 0.055),
         (385, 0.5, 0.040)]
# The rail's own dull knock, through the pad.
RAIL = [(640, 1.0, 0.018), (980, 0.6, 0.012), (1400, 0.3, 0.008)]
# A pocket's cup and net: heavy damping, low.
CUP = [(75, 0.8, 0.100), (120, 1.0, 0.080), (185, 0.6, 0.060), (260, 0.35, 0.040)]
# A fingertip: soft, very damped flesh.
FINGER = [(140, 1.0, 0.025), (230, 0.6, 0.018), (330, 0.3, 0.012)]


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def mix(*tracks):
    n = max(len(t) for t in tracks)
    out = [0.0] * n
    for track in tracks:
        for i, s in enumerate(track):
            out[i] += s
    return out


def delayed(seconds, track):
    return silence(seconds) + track


def scaled(gain, track):
    return [gain * s for s in track]


def pulse(seconds):
    """A half-sine force pulse with unit area: the push of one contact. Sampled at each
    sample's middle, so a contact of a fraction of a sample longer still counts."""
    span = seconds * RATE
    middles = [i + 0.5 for i in range(math.ceil(span)) if i + 0.5 < span]
    shape = [math.sin(math.pi * m / span) for m in middles]
    total = sum(shape)
    return [s / total for s in shape] if shape else [1.0]


def ring(modes, force, seconds):
    """The modes' answer to a force: each mode is a two-pole resonator, whose impulse response
    is its damped sine. Modes well above 1/length of the force barely move."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for freq, amp, decay in modes:
        theta = 2.0 * math.pi * freq / RATE
        r = math.exp(-1.0 / (decay * RATE))
        c1, c2, gain = 2.0 * r * math.cos(theta), r * r, amp * math.sin(theta)
        y1 = y2 = 0.0
        pushed = len(force)
        for i in range(n):
            y = c1 * y1 - c2 * y2
            if i < pushed:
                y += gain * force[i]
            out[i] += y
            y1, y2 = y, y1
    return out


def hit(modes, contact, seconds):
    """`modes` struck by one contact lasting `contact` seconds."""
    return ring(modes, pulse(contact), seconds)


def noise(seconds, low, high, decay, rng, attack=0.0005):
    """White noise band-passed between `low` and `high` Hz (one-pole filters) under a quick
    rise and an exponential fall: the scrape and rustle of a contact."""
    a_low = 1.0 - math.exp(-2.0 * math.pi * high / RATE)
    a_high = 1.0 - math.exp(-2.0 * math.pi * low / RATE)
    lowpassed = drift = 0.0
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        lowpassed += a_low * (rng.uniform(-1.0, 1.0) - lowpassed)
        drift += a_high * (lowpassed - drift)
        level = t / attack if t < attack else math.exp(-(t - attack) / decay)
        out.append((lowpassed - drift) * level)
    return out


def vary(modes, rng, gain=1.0):
    """The same body a little different: the whole set moved up to ±2.5 %, each mode up to ±3 %
    more (so at most about ±5.5 %), amplitudes and decays spread too."""
    shift = 1.0 + rng.uniform(-0.025, 0.025)
    return [
        (f * shift * (1.0 + rng.uniform(-0.03, 0.03)), gain * a * rng.uniform(0.7, 1.3),
         d * rng.uniform(0.85, 1.15))
        for f, a, d in modes
    ]


def coin_click(rng):
    """Two carrom men meeting: both ring (no two alike), with a hard, very short contact."""
    contact = 0.00013 * rng.uniform(0.8, 1.25)
    pieces = vary(COIN, rng) + [(f * 1.045, a, d) for f, a, d in vary(COIN, rng, 0.8)]
    return mix(
        hit(pieces + vary(SURFACE, rng, 0.25), contact, 0.2),
        scaled(0.05, noise(0.02, 3000, 12000, 0.0015, rng)),
    )


def striker_click(rng):
    """The striker on a man: the heavier disc stays in contact a little longer and rings lower
    and fuller, with more of the board's tock under it."""
    contact = 0.00019 * rng.uniform(0.8, 1.25)
    pieces = vary(STRIKER, rng) + vary(COIN, rng, 0.7) + vary(SURFACE, rng, 0.45)
    body = vary([(820, 1.0, 0.009)], rng, 0.35)
    return mix(
        hit(pieces + body, contact, 0.25),
        scaled(0.05, noise(0.025, 2000, 10000, 0.002, rng)),
    )


def cushion(rng):
    """A piece against the padded rail: the pad makes a long, soft push that reaches only the
    frame's low modes; the wood behind it answers with a dull knock."""
    soft = 0.0016 * rng.uniform(0.8, 1.25)
    knock = 0.0005 * rng.uniform(0.8, 1.25)
    return mix(
        hit(vary(FRAME, rng), soft, 0.5),
        scaled(1.8, hit(vary(RAIL, rng), knock, 0.12)),
        scaled(0.5, hit(vary(COIN, rng), 0.0003, 0.1)),
        scaled(0.12, noise(0.05, 150, 1200, 0.008, rng)),
    )


def pocket(rng):
    """A piece dropping into a pocket: a muffled thud in the cup, then a short soft rattle as it
    bounces a few times and settles, and a rustle of the net."""
    thud = mix(
        hit(vary(CUP, rng), 0.0025 * rng.uniform(0.8, 1.25), 0.6),
        hit(vary(RAIL, rng), 0.0012, 0.12),
        scaled(0.15, noise(0.08, 80, 800, 0.02, rng, 0.002)),
    )
    tracks = [thud]
    at, gap, level = 0.0, rng.uniform(0.05, 0.07), 0.7
    for _ in range(rng.choice((3, 4))):
        at += gap
        bounce = mix(
            hit(vary(COIN, rng), 0.0004 * rng.uniform(0.8, 1.3), 0.1),
            scaled(0.6, hit(vary([(420, 1.0, 0.012)], rng), 0.001, 0.1)),
        )
        tracks.append(delayed(at, scaled(level, bounce)))
        gap *= rng.uniform(0.55, 0.7)
        level *= rng.uniform(0.45, 0.6)
    tracks.append(delayed(0.03, scaled(0.05, noise(0.12, 300, 2500, 0.04, rng, 0.01))))
    return mix(*tracks)


def strike(rng):
    """A finger flicking the striker: a soft fleshy thump, the nail's click on the striker, and
    the first of its slide on the powdered board."""
    return mix(
        hit(vary(FINGER, rng), 0.004 * rng.uniform(0.8, 1.25), 0.2),
        scaled(0.3, hit(vary(STRIKER, rng), 0.00025 * rng.uniform(0.8, 1.25), 0.1)),
        scaled(0.04, noise(0.12, 1500, 5000, 0.04, rng, 0.004)),
    )


def trimmed(samples, floor=0.003, fade=0.008):
    """Cut where the sound has fallen to `floor` of its peak (-50 dB), with a short fade so the
    cut does not click."""
    top = max(abs(s) for s in samples)
    end = max(i for i, s in enumerate(samples) if abs(s) > floor * top) + 1
    n = int(fade * RATE)
    out = samples[:end]
    for i in range(max(0, end - n), end):
        out[i] *= (end - i) / n
    return out


def envelope(t, attack, decay):
    """A quick rise and an exponential fall."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def tone(length, freqs, decay, attack=0.002):
    """A sum of sine partials (frequency, weight) under one envelope: the signals' sounds."""
    out = []
    for i in range(int(length * RATE)):
        t = i / RATE
        s = sum(w * math.sin(2.0 * math.pi * f * t) for f, w in freqs)
        out.append(s * envelope(t, attack, decay))
    return out


def ambience(seconds=8.0, fade=0.75):
    """A quiet room: pinkish noise (a bank of one-pole low-passes two octaves apart, each
    weighted by 1/sqrt(cutoff), sums to about -3 dB per octave up to 1.6 kHz) through a soft
    low-pass, so it stays dark and out of the way, with a faint mains hum and a slow swell. The
    end is crossfaded into the start, and the hum and swell repeat a whole number of times in
    the loop, so it loops without a seam."""
    rng = random.Random(90)
    rate = AMBIENCE_RATE
    cutoffs = [25.0, 100.0, 400.0, 1600.0]
    alphas = [1.0 - math.exp(-2.0 * math.pi * c / rate) for c in cutoffs]
    weights = [math.sqrt(cutoffs[0] / c) for c in cutoffs]
    soft = 1.0 - math.exp(-2.0 * math.pi * 2500.0 / rate)
    state = [0.0] * len(cutoffs)
    dark = 0.0
    warm_up, n, f = int(0.3 * rate), int(seconds * rate), int(fade * rate)
    raw = []
    for _ in range(warm_up + n + f):
        x = rng.uniform(-1.0, 1.0)
        s = 0.0
        for k, a in enumerate(alphas):
            state[k] += a * (x - state[k])
            s += weights[k] * state[k]
        dark += soft * (s - dark)
        raw.append(dark)
    raw = raw[warm_up:]
    out = raw[:n]
    for i in range(f):
        # Equal power: the two ends are unrelated noise. Sample n - 1 runs on into raw[n],
        # which is where the loop starts again.
        w = 0.5 * math.pi * i / f
        out[i] = raw[i] * math.sin(w) + raw[n + i] * math.cos(w)
    rms = math.sqrt(sum(s * s for s in out) / n)
    for i in range(n):
        t = i / rate
        swell = 1.0 + 0.08 * math.sin(2.0 * math.pi * t / seconds) + 0.04 * math.sin(
            2.0 * math.pi * 3.0 * t / seconds + 1.3)
        hum = (0.05 * math.sin(2.0 * math.pi * 50.0 * t) + 0.03 * math.sin(
            2.0 * math.pi * 100.0 * t + 0.7) + 0.01 * math.sin(2.0 * math.pi * 150.0 * t + 2.1))
        out[i] = out[i] / rms * 0.25 * swell + hum
    return out


def write(name, samples, peak=0.8, rate=RATE, loop=False):
    """Writes a 16-bit mono WAV. A `loop` carries a sampler chunk that marks the whole file as a
    forward loop: Godot's importer reads it (its loop mode "Detect From WAV", the default), so
    the loop holds on a fresh checkout, where no .import file has been kept."""
    top = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(struct.pack("<h", int(32767 * peak * s / top)) for s in samples)
    chunks = struct.pack("<4sIHHIIHH", b"fmt ", 16, 1, 1, rate, 2 * rate, 2, 16)
    chunks += struct.pack("<4sI", b"data", len(frames)) + frames
    if loop:
        # Manufacturer, product, sample period (ns), unity note, pitch fraction, SMPTE format
        # and offset, one loop, no sampler data; then the loop: id, forward, first frame, the
        # frame it wraps at (Godot's loop end), fraction, endless.
        fields = [0, 0, 1_000_000_000 // rate, 60, 0, 0, 0, 1, 0, 0, 0, 0, len(samples), 0, 0]
        chunks += struct.pack("<4sI15I", b"smpl", 4 * len(fields), *fields)
    OUT.mkdir(parents=True, exist_ok=True)
    riff = struct.pack("<4sI4s", b"RIFF", 4 + len(chunks), b"WAVE")
    (OUT / f"{name}.wav").write_bytes(riff + chunks)
    return len(samples)


def main():
    # The hits, several of each: (name, how many, how it is made, seed, peak).
    for name, count, make, seed, peak in [
        ("click", 4, coin_click, 1, 0.8),
        ("striker_click", 4, striker_click, 2, 0.85),
        ("cushion", 4, cushion, 3, 0.8),
        ("pocket", 4, pocket, 4, 0.75),
        ("strike", 3, strike, 5, 0.8),
    ]:
        for i in range(1, count + 1):
            write(f"{name}_{i}", trimmed(make(random.Random(seed * 1000 + i))), peak)
    frames = write("ambience", ambience(), 0.6, AMBIENCE_RATE, loop=True)
    print(f"ambience.wav: {frames} frames (its loop end)")
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
