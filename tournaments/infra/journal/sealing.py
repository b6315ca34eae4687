"""The organizer's code of the stick: what seals what the stick carries.

The stick's chain of checksums finds damage, but whoever holds the stick
can compute it again. So what the hall puts on the stick is sealed
(HMAC-SHA-256) with a key that is not on it: made from a short code
(`new_code`: twelve letters and digits, « KM7Q-3ZPW-H9TD ») that the first
start draws, keeps in the data folder (`CODE_FILE`, on the laptop only),
prints in the terminal and shows on the desk. The organizer notes it
beside the hall's password; at a takeover it is the one thing typed
(`hall --reprendre`, or `--code`). The second laptop keeps the same code:
one code for the day.

A hall's key is `key(code, hall)`: PBKDF2 over the code, salted with the
hall's name (the journal's, on the stick), so that a key found in one place
serves one hall, and guessing the code from the stick costs 100,000 HMACs
a try over about 2⁵⁹ codes.

- `seal` / `sealed`: a seal of a text, and whether a seal is that text's.
- `code_in` / `keep_code`: the data folder's code (drawn once), and a
  code typed at a takeover kept as this laptop's.
- `Seal`: what the organizer gave a takeover (the code typed, and whether
  a journal of the previous release, unsealed, may be read), and the
  takeover's sentences about it.
- `hide` / `reveal`: a team's code as the stick carries it, useless
  without the key (a random nonce, the code XORed with SHAKE-256 of the
  key and the nonce, and a seal over both).
- `phones_key`: the hall's takeover key for its tables' phones
  (infra/standby.py), made from the key, so that nothing on the stick
  proves a takeover to a phone.

Must not: write the code or a key on the journal's medium, or accept a
seal computed without the key (no empty key, no plain SHA-256).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.utils.translation import gettext_lazy as _

#: No I, L, O, 0 or 1: nothing a volunteer reads one for the other.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
GROUPS, GROUP = 3, 4
#: In the data folder (never on the stick): this laptop's code.
CODE_FILE = "code-de-la-cle.txt"
ROUNDS = 100_000
#: A team's code on the stick: this prefix, the nonce, the masked code, its seal.
HIDDEN = "§"


def new_code() -> str:
    letters = "".join(secrets.choice(ALPHABET) for _ in range(GROUPS * GROUP))
    return shown(letters)


def shown(letters: str) -> str:
    return "-".join(letters[i : i + GROUP] for i in range(0, len(letters), GROUP))


def normalized(text: str) -> str | None:
    """A code as typed (spaces, dashes, small letters) → « KM7Q-3ZPW-H9TD »;
    None when it cannot be one."""
    letters = "".join(c for c in text.upper() if c not in "-_." and not c.isspace())
    if len(letters) != GROUPS * GROUP or any(c not in ALPHABET for c in letters):
        return None
    return shown(letters)


@functools.lru_cache(maxsize=16)
def key(code: str, hall: str) -> bytes:
    """The key of `hall`'s stick, made from the organizer's code."""
    letters = (normalized(code) or "").replace("-", "")
    if not letters:
        raise ValueError("no code, no key")
    salt = f"belote-cle-usb:{hall}".encode()
    return hashlib.pbkdf2_hmac("sha256", letters.encode(), salt, ROUNDS)


def seal(key_: bytes, text: str) -> str:
    if not key_:
        raise ValueError("no key, no seal")
    return hmac.new(key_, text.encode(), hashlib.sha256).hexdigest()


def sealed(key_: bytes, text: str, said: object) -> bool:
    return bool(key_) and isinstance(said, str) and hmac.compare_digest(seal(key_, text), said)


def phones_key(key_: bytes) -> str:
    """The takeover key a hall's phones check a takeover with
    (infra/standby.py): the first laptop makes it from its code, the one
    that takes the hall over from the code typed; never written on the
    stick. (A seal of a text no journal line, record or team's code is.)"""
    return seal(key_, "reprise:telephones")


def code_in(data_dir: Path) -> str:
    """This laptop's code, drawn and kept at the first call."""
    path = data_dir / CODE_FILE
    try:
        found = normalized(path.read_text(encoding="ascii"))
    except (OSError, UnicodeDecodeError):
        found = None
    if found is None:
        found = new_code()
        keep_code(data_dir, found)
    return found


def kept_code(data_dir: Path) -> str:
    """This laptop's code ("" while none was drawn)."""
    try:
        return normalized((data_dir / CODE_FILE).read_text(encoding="ascii")) or ""
    except (OSError, UnicodeDecodeError):
        return ""


def keep_code(data_dir: Path, code: str) -> None:
    path = data_dir / CODE_FILE
    partial = path.with_name(path.name + ".partial")
    partial.write_text(code + "\n", encoding="ascii")
    with contextlib.suppress(OSError):  # a FAT disk has no owners
        partial.chmod(0o600)
    os.replace(partial, path)


# --- what the organizer gave at a takeover ---------------------------------------


@dataclass(frozen=True)
class Seal:
    """What the organizer gave: the stick's code as typed ("" none), and
    whether a journal of the previous release, unsealed, may be read."""

    code: str = ""
    unsealed: bool = False

    def key(self, hall: str) -> bytes:
        return key(self.code, hall) if self.code else b""


NO_SEAL = Seal()


#: A takeover's sentences about the code (infra/journal/replay).
NO_CODE = _(
    "cette clé est scellée par le code de la clé, noté au premier démarrage et affiché au "
    "bureau du premier portable : tapez-le quand la reprise le demande, ou donnez-le "
    "(--code XXXX-XXXX-XXXX)"
)
WRONG_CODE = _(
    "{name} n'est pas scellé par ce code : le code est mal tapé, ou la clé a été changée par "
    "quelqu'un qui ne l'a pas. Vérifiez le code (noté au premier démarrage, affiché au bureau "
    "du premier portable) ; rien n'est repris"
)
UNSEALED = _(
    "{name} n'est pas scellé (écrit par la version précédente du logiciel, ou changé par "
    "quelqu'un) : aucun code ne le vérifie. Si c'est bien la clé de votre concours, écrite par "
    "la version précédente, relancez avec --non-scellee ; rien n'est repris"
)


# --- a team's code on the stick -----------------------------------------------


def _mask(key_: bytes, nonce: str, size: int) -> bytes:
    return hashlib.shake_256(key_ + b"code:" + nonce.encode()).digest(size)


def hide(key_: bytes, value: object) -> object:
    """A team's code as the stick carries it (anything else unchanged)."""
    if not isinstance(value, str) or value.startswith(HIDDEN) or not key_:
        return value
    raw = value.encode()
    nonce = secrets.token_hex(8)
    masked = bytes(a ^ b for a, b in zip(raw, _mask(key_, nonce, len(raw)), strict=True)).hex()
    return f"{HIDDEN}{nonce}:{masked}:{seal(key_, nonce + masked)[:16]}"


def reveal(key_: bytes, value: object) -> object:
    """The code hidden by `hide` (ValueError when the key does not seal it);
    a value not hidden is returned as it is."""
    if not isinstance(value, str) or not value.startswith(HIDDEN):
        return value
    try:
        nonce, masked, said = value[len(HIDDEN) :].split(":")
        raw = bytes.fromhex(masked)
    except ValueError:
        raise ValueError("a team's code unreadable on the stick") from None
    if not hmac.compare_digest(seal(key_, nonce + masked)[:16], said):
        raise ValueError("a team's code not sealed by this code")
    return bytes(a ^ b for a, b in zip(raw, _mask(key_, nonce, len(raw)), strict=True)).decode()
