"""Small animation helpers: easing curves and smooth approach.

Owns: pure functions of time; no pygame, no state. Scenes and widgets use them with
`app.anim_dt(dt)` so the animation-speed setting (off/slow/normal/fast) applies everywhere.
"""

from __future__ import annotations

import math


def clamp01(t: float) -> float:
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float, overshoot: float = 1.7) -> float:
    """Overshoots a little and settles: the "pop" of arcade buttons."""
    t = clamp01(t)
    u = t - 1
    return 1 + (overshoot + 1) * u**3 + overshoot * u**2


def approach(current: float, target: float, rate: float, dt: float) -> float:
    """Move exponentially toward target; rate is how many e-foldings per second."""
    if dt >= 10:  # animations off: arrive at once
        return target
    return target + (current - target) * math.exp(-rate * dt)


def stagger(age: float, index: int, step: float = 0.06, length: float = 0.35) -> float:
    """0..1 progress of the index-th item of an intro that starts one item every `step` seconds."""
    return clamp01((age - index * step) / length)
