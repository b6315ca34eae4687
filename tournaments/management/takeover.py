"""The hall server's side of « the laptop died »: the journal started on the
backups' folder, and `hall --reprendre [<folder>]` on the second laptop.

The journal's folder is `BACKUP_DIR/reprise`: BACKUP_DIR given, or the
folder `belote-sauvegardes` of the stick plugged in (infra/stick.py), or
the laptop's own disk. The hall's own name in it (a few random letters kept in the
data folder) keeps two laptops' journals apart on one stick.

Must not: start a journal on PostgreSQL, or replay over a database without
keeping the one that was there (infra/journal/replay moves it aside).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import secrets
import time
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connections
from django.utils.translation import gettext as _

from tournaments.display.hall import (
    journal_on_laptop_notice,
    medium_name,
    several_sticks_notice,
)
from tournaments.domain.stick import FOLDER_NAME
from tournaments.infra import standby, stick
from tournaments.infra.journal import carried, handover, medium, replay, sealing
from tournaments.infra.journal import writer as journal
from tournaments.infra.sqlite_backend.base import write_lock
from tournaments.services import autosave

HALL_NAME_FILE = "nom-du-journal"
#: `--reprendre` without a folder: the stick plugged in.
ON_THE_STICK = "<clé>"
#: Beside the journal, this hall's address as its sheets' QR codes print
#: it: the laptop that takes it over sends the phones there (issue 39).
ADDRESS_PREFIX = "adresse-"


def address_file(folder: Path, hall: str) -> Path:
    return folder / f"{ADDRESS_PREFIX}{hall}.txt"


def record_address(url: str) -> None:
    """This hall's public address on the stick, beside its journal (no
    journal on this database: nothing to do; the stick refusing: the
    journal already said so, and a takeover just shows the new address)."""
    if journal.ACTIVE is None:
        return
    with contextlib.suppress(OSError):
        address_file(journal_folder(), journal.ACTIVE.hall).write_text(url, encoding="ascii")


def recorded_address(hall: str, folder: Path | None = None) -> str:
    """The address the hall `hall` recorded on the stick ("" if none), in
    `folder` (the journal's folder by default)."""
    try:
        text = address_file(folder or journal_folder(), hall).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return ""
    return standby.address(text) or ""


def find_stick(stdout, style) -> None:
    """The backups' folder on the stick plugged in, when BACKUP_DIR is not
    given and exactly one stick carries a `belote-sauvegardes` folder
    (infra/stick.py); said either way."""
    if stick.backup_dir_given():
        return
    choice = stick.find()
    if choice.folder is not None:
        # Whether it is a stick at all (and not a folder on this laptop's
        # disk) is said once, by the journal started there (start_journal).
        settings.BACKUP_DIR = Path(choice.folder)
    elif choice.several:
        stdout.write(style.WARNING("  " + several_sticks_notice()))
        for folder in choice.several:
            stdout.write(style.WARNING(f"    {folder}"))


def folder_to_take_over(given: str) -> Path:
    """The folder `--reprendre` names, or the stick's (`ON_THE_STICK`: the
    stick found, or BACKUP_DIR when given); none found is said in words."""
    if given != ON_THE_STICK:
        return Path(given)
    if stick.backup_dir_given():
        return autosave.backup_dir()
    if (found := stick.found()) is not None:
        return found
    if stick.several():
        raise CommandError(several_sticks_notice())
    raise CommandError(_(
        "Aucune clé USB avec un dossier « belote-sauvegardes » n'est branchée : branchez la "
        "clé du premier portable, ou donnez le dossier : --reprendre DOSSIER."
    ))  # fmt: skip


def journal_folder() -> Path:
    return autosave.backup_dir() / journal.FOLDER_NAME


def hall_name(data_dir: Path) -> str:
    """This data folder's name in the journal, made once."""
    path = data_dir / HALL_NAME_FILE
    if not path.exists():
        path.write_text(secrets.token_hex(4), encoding="ascii")
    return path.read_text(encoding="ascii").strip()


def start_journal(stdout, style, *, new_medium: bool = False) -> journal.Journal | None:
    """The journal started on the backups' folder; refused (CommandError)
    when this data folder journaled on another medium last time and
    `new_medium` (`--nouvelle-cle`, or a takeover here) does not say so."""
    connection = connections["default"]
    if connection.vendor != "sqlite":
        return None
    name = connection.settings_dict["NAME"]
    data_dir = Path(settings.DATA_DIR)
    hall = hall_name(data_dir)
    drawn = not sealing.kept_code(data_dir)
    code = sealing.code_in(data_dir)
    key = sealing.key(code, hall)
    if refused := journal_refusal(new_medium=new_medium):
        raise CommandError(refused)
    try:
        started = journal.start(
            folder=journal_folder(),
            database=Path(name),
            hall=hall,
            lock=write_lock(name),
            key=key,
        )
    except journal.HallReplaced as exc:
        raise CommandError(
            "Ce portable ne sert plus le concours : un deuxième portable l'a repris"
            + (f", à l'adresse {exc.address}/" if exc.address else "")
            + ". Rien n'est enregistré ici ; les téléphones vont sur le deuxième portable."
        ) from exc
    except (journal.JournalUnavailable, OSError) as exc:
        raise CommandError(
            f"Impossible d'écrire le journal de reprise dans {journal_folder()} ({exc}) : "
            "branchez la clé ou choisissez un autre dossier (BACKUP_DIR)."
        ) from exc
    autosave.hide_codes_with(lambda value: sealing.hide(key, value))
    try:
        medium.remember(data_dir, started.folder, hall, new=new_medium, key=key)
        # The previous release's takeover key in clear (this laptop updated
        # mid-concours): it proves a takeover to the phones to whoever reads it.
        handover.forget_key(started.folder, hall)
    except OSError as exc:
        journal.stop()
        raise CommandError(
            f"Impossible de noter le support du journal de reprise ({exc}) : "
            "vérifiez la clé et le dossier des données, puis relancez."
        ) from exc
    # One sentence about the medium, as it is (display/hall.py, as the desk
    # says it): never « stick » of a folder on this very disk; several
    # sticks were said by find_stick.
    if started.apart:
        name = medium_name(str(started.folder))
        stdout.write(f"  Clé USB « {name} » : chaque enregistrement y est copié ({started.folder})")
    elif not stick.several():
        stdout.write(style.WARNING("  " + journal_on_laptop_notice(str(started.folder))))
    sentence = f"  {code_sentence(code)}"
    stdout.write(style.WARNING(sentence) if drawn else sentence)
    return started


def journal_refusal(*, new_medium: bool = False) -> str:
    """Why the journal would not start on the backups' folder, writing
    nothing ("" when it would): this data folder journaled on another
    medium last time, or the folder holds another laptop's concours not
    taken over. `start_journal` refuses on it, and `hall --check` says it
    (a rehearsal is told what the real start would). The stick's mark and
    takeovers are read sealed with this laptop's code (none drawn here)."""
    if connections["default"].vendor != "sqlite" or new_medium:
        return ""
    data_dir = Path(settings.DATA_DIR)
    hall = hall_name(data_dir)
    code = sealing.kept_code(data_dir)
    key = _key(code, hall)
    own_disk = data_dir / "sauvegardes" / journal.FOLDER_NAME  # BACKUP_DIR's default
    if refused := medium.refusal(data_dir, journal_folder(), hall, key=key, own_disk=own_disk):
        return refusal_sentence(refused)
    return another_halls_journal(hall, code)


def _key(code: str, hall: str) -> bytes:
    return sealing.key(code, hall) if code else b""


def code_sentence(code: str) -> str:
    return (
        f"Code de la clé : {code} (notez-le, pas sur la clé : un deuxième portable le "
        "demande pour reprendre le concours ; il est aussi affiché au bureau)"
    )


def another_halls_journal(mine: str, code: str) -> str:
    """The sentence when the journal's folder holds the journal of a
    concours begun on another laptop and not taken over ("" otherwise):
    this start would be a second hall beside it. Takeovers are read sealed
    with this laptop's `code` (a takeover made with it is the day's)."""
    folder = journal_folder()
    if not folder.is_dir():
        return ""
    if handover.replaced_by(folder, mine, _key(code, mine)) is not None:
        return ""  # this hall replaced: the journal's start says so
    others = {
        hall: at
        for hall, at in replay.halls(folder).items()
        if hall != mine and handover.replaced_by(folder, hall, _key(code, hall)) is None
    }
    if not others:
        return ""
    last = replay.when(datetime.fromtimestamp(max(others.values())).astimezone())
    return (
        f"Ce concours a été commencé sur un autre portable (son journal est sur la clé, dans "
        f"« {folder} », dernier enregistrement {last}) : pour le continuer ici, tapez "
        "--reprendre (python manage.py hall --reprendre). Rien n'a été écrit sur la clé. Pour "
        "un nouveau concours avec cette clé, relancez avec --nouvelle-cle."
    )


def refusal_sentence(refused: medium.Refusal) -> str:
    """Why this laptop does not start as the hall, and what to do."""
    where = refused.folder
    if refused.replaced_by is not None:
        return (
            "Ce portable ne sert plus le concours : un deuxième portable l'a repris"
            + (f", à l'adresse {refused.replaced_by}/" if refused.replaced_by else "")
            + f" (c'est écrit sur la clé, dans « {where} »). Rien n'est enregistré ici ; "
            "les téléphones vont sur le deuxième portable. Pour un nouveau concours sur "
            "ce portable, relancez avec --nouvelle-cle."
        )
    what = (
        "est introuvable (la clé n'est pas branchée ?)"
        if not refused.reachable
        else f"n'est plus le dossier des sauvegardes (maintenant « {journal_folder()} »)"
    )
    # A stick found by itself is found again: no folder to type.
    again = (
        "relancez (une seule clé avec un dossier belote-sauvegardes)"
        if where.parent.name == FOLDER_NAME
        else f"relancez avec BACKUP_DIR={where.parent}"
    )
    return (
        f"Ce portable ne démarre pas comme serveur de la salle : son journal de reprise "
        f"était sur « {where} », qui {what}. Si un deuxième portable a repris le concours, "
        "c'est lui qui sert la salle : laissez celui-ci arrêté. Sinon, rebranchez la clé du "
        f"journal et {again} ; pour une nouvelle journée ou une nouvelle clé, relancez avec "
        "--nouvelle-cle."
    )


def take_over(
    folder: Path,
    stdout,
    style,
    *,
    migrate,
    hall: str | None = None,
    partial: bool = False,
    seal: replay.Seal = replay.NO_SEAL,
) -> replay.Plan:
    """The concours of the laptop that died, brought up here: the stick's
    snapshot and journal checked with the organizer's code (`seal`) and
    replayed, migrated (`migrate`), and refused unless its tables are
    exactly those the app makes (a snapshot is data, not a schema to
    trust). The code is kept as this laptop's: one code for the day."""
    if connections["default"].vendor != "sqlite":
        raise CommandError(_("La reprise se fait sur la base SQLite du portable de la salle."))
    if (folder / journal.FOLDER_NAME).is_dir():
        folder = folder / journal.FOLDER_NAME  # the backups' folder was given
    try:
        done = replay.restore(
            folder, data_dir=Path(settings.DATA_DIR), hall=hall, partial=partial, seal=seal
        )
    except replay.JournalDamaged as exc:
        raise CommandError(_("Reprise impossible : %(why)s.") % {"why": exc}) from exc
    migrate()
    connection = connections["default"]
    connection.ensure_connection()
    if carried.shape(connection.connection) != carried.app_shape():
        connections.close_all()
        replay.move_aside(Path(connections["default"].settings_dict["NAME"]), "reprise-refusee")
        raise CommandError(_(
            "Reprise impossible : la base de la clé n'a pas les tables que fait ce logiciel "
            "(une autre version, ou une base changée) ; rien n'est servi."
        ))  # fmt: skip
    if seal.code and done.key is not None:
        sealing.keep_code(Path(settings.DATA_DIR), seal.code)
    said = _("Reprise : instantané pris %(when)s et %(n)s enregistrements du journal rejoués.")
    stdout.write(
        style.SUCCESS(said % {"when": replay.when(done.taken_at), "n": len(done.transactions)})
    )
    if done.stopped:
        partial = _("reprise partielle, arrêtée avant : %(where)s ; la suite non plus")
        done.notes.append(partial % {"where": done.stopped})
    for note in done.notes:
        stdout.write(style.WARNING(f"  {note[:1].upper()}{note[1:]}."))
    stdout.write("  " + _(
        "L'organisateur se reconnecte sur ce portable ; chaque table redonne son code une "
        "fois (les donnes qui attendaient sur les téléphones partent ensuite)."
    ))  # fmt: skip
    return done


def printed_codes_sentence(first: str, here: str) -> str:
    """Whether the printed sheets' QR codes still lead to the hall: only
    when this laptop has the address the first one printed (`first`, as
    it recorded it beside its journal; "" when unknown)."""
    if first and standby.address(first) == standby.address(here):
        return "  " + _(
            "Même adresse que le premier portable (%(here)s/) : les feuilles et QR codes "
            "imprimés restent valables."
        ) % {"here": here}
    before = _(" (le premier portable était à %(first)s/)") % {"first": first} if first else ""
    return "  " + _(
        "Nouvelle adresse%(before)s : les QR codes imprimés mènent à l'ancienne. Les "
        "téléphones doivent scanner le QR code affiché au bureau (page « Mes tournois », "
        "« Téléphones : scannez ceci ») ; les codes des équipes ne changent pas."
    ) % {"before": before}


def from_a_copy(done: replay.Plan) -> str:
    """The sentence when the concours was taken from a folder that is not
    this laptop's stick (a copy: the first laptop, if it runs, does not read
    the takeover written there), "" otherwise."""
    source = done.snapshot.parent
    if source.resolve() == journal_folder().resolve() or done.hall == own_hall():
        return ""
    return _(
        "Reprise depuis « %(source)s », qui n'est pas la clé de ce portable (« "
        "%(stick)s ») : si c'est une copie, le premier portable ne saura pas qu'il "
        "est remplacé et continuerait de servir le concours. Vérifiez qu'il est arrêté, puis "
        "relancez la même commande avec --premier-arrete."
    ) % {"source": source, "stick": journal_folder()}


def own_hall() -> str:
    return hall_name(Path(settings.DATA_DIR))


def hand_over(done: replay.Plan, address: str, stdout, *, first: str = "") -> None:
    """The takeover said on the stick before this server answers anyone,
    in the folder taken over and in this laptop's journal's: the laptop it
    replaces, if it comes back (or gets the stick back), refuses every
    write and sends its phones to `address`. `first` is the address the
    replaced hall recorded (read before this one records its own: the same
    laptop taking its own journal over has the same name)."""
    stdout.write(printed_codes_sentence(first, address))
    connection = connections["default"]
    mine, source = own_hall(), done.snapshot.parent
    if done.hall == mine or connection.vendor != "sqlite":
        return  # this very laptop's own journal: nothing replaced
    # Sealed with the replaced hall's key: the code typed at the takeover
    # (kept), or this laptop's own for a stick of the previous release.
    key = sealing.key(sealing.code_in(Path(settings.DATA_DIR)), done.hall)
    for folder in dict.fromkeys([journal_folder(), source]):
        try:
            handover.record(folder, replaced=done.hall, by=mine, address=address, key=key)
        except OSError as exc:
            raise CommandError(
                f"Impossible d'écrire la reprise sur la clé ({folder}, {exc}) : "
                "rebranchez-la, puis relancez la reprise."
            ) from exc
    elsewhere = first and standby.address(first) != standby.address(address)
    if elsewhere and still_serving(first, done.hall):
        raise CommandError(_(
            "Le premier portable sert encore le concours à %(first)s/ et ne lit pas la "
            "reprise écrite dans « %(source)s » (une copie de sa clé ?) : deux portables "
            "serviraient le même concours. Arrêtez le premier portable (ou prenez sa clé), "
            "puis relancez la reprise. Rien n'est servi ici."
        ) % {"first": first, "source": source})  # fmt: skip
    # The replaced hall's phones check the takeover with its takeover key,
    # made from the code (a journal of the previous release: the key it
    # wrote on its stick).
    phones = sealing.phones_key(done.key) if done.key else handover.read_key(source, done.hall)
    standby.took_over(Path(settings.DATA_DIR), done.hall, phones)
    back = _("Le premier portable, s'il revient, renverra ses téléphones vers %(address)s/")
    stdout.write("  " + back % {"address": address})


#: How long the first laptop is given to read the takeover (it looks every
#: few seconds: infra/journal/writer.PROBE_EVERY), and to answer one ping.
READ_TAKEOVER_SECONDS = journal.PROBE_EVERY + 2.0
PING_SECONDS = 2.0


def still_serving(first: str, hall: str) -> bool:
    """Whether the laptop at `first` still serves `hall` once the takeover
    is written: it answers its ping as that hall, not « moved », until
    `READ_TAKEOVER_SECONDS` have passed (a copy of its stick: it never reads
    the takeover). Not answering (dead, off the Wi-Fi) is not serving."""
    parts = urlsplit(first)
    deadline = time.monotonic() + READ_TAKEOVER_SECONDS
    for _try in range(20):  # bounded in count as in time
        connection_class = (
            http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        )
        connection = connection_class(parts.hostname, parts.port, timeout=PING_SECONDS)
        try:
            connection.request("GET", "/salle/ping/")
            response = connection.getresponse()
            body = response.read(4096)
        except OSError:
            return False
        finally:
            connection.close()
        if response.status != 200:
            return False  # « moved » (503), or not a hall
        try:
            serving = json.loads(body).get("hall") == hall
        except (ValueError, AttributeError):
            return False
        if not serving or time.monotonic() > deadline:
            return serving
        time.sleep(0.5)
    return True


def start_standby(secours: str, stdout, here: str = "") -> None:
    """This hall's name, its standby laptop and its own address (`here`),
    for the tables' pages; the ping says which hall this one took over
    (infra/standby.py)."""
    data_dir = Path(settings.DATA_DIR)
    hall, code = hall_name(data_dir), sealing.kept_code(data_dir)
    phones = sealing.phones_key(sealing.key(code, hall)) if code else ""
    standby.start(data_dir, identity=hall, standby=secours, here=here, key=phones)
    if secours:
        # The pages may ask the standby's ping (same-origin requests only otherwise).
        settings.SECURE_CSP = standby.csp_with(settings.SECURE_CSP, secours)
        stdout.write(
            f"  Portable de secours : {secours}/ (les téléphones y vont d'eux-mêmes "
            "s'il reprend le concours quand celui-ci ne répond plus)"
        )
