"""The digits' model as an ensemble (issue 59): a digits.npz may hold
several networks, member i's arrays named `m{i}_w1` … `m{i}_b4`; the
reader averages their logits, then applies the file's one calibration. A
file holding one network (w1 … b4) reads as before; a file whose members
do not fit is refused with the array named. Small random networks saved
here: the shipped model is not needed."""

from __future__ import annotations

import inspect
from pathlib import Path

import numpy as np
import pytest

from tools import train_digits
from tournaments.features.sheets.domain import digits

CALIBRATION = {"temperature": 1.7, "sure": 0.999, "beyond": 0.9999, "plausible": 1e-7}


def _network(seed: int, c1: int = 4, c2: int = 6, dense: int = 8) -> dict[str, np.ndarray]:
    """A small network of the reader's shape (its widths its own)."""
    rng = np.random.default_rng(seed)
    shapes = {
        "w1": (25, c1), "b1": (c1,), "w2": (25 * c1, c2), "b2": (c2,),
        "w3": (16 * c2, dense), "b3": (dense,), "w4": (dense, digits.CLASSES),
        "b4": (digits.CLASSES,),
    }  # fmt: skip
    return {name: rng.normal(0, 0.5, shape).astype(np.float32) for name, shape in shapes.items()}


def _save(path: Path, nets: list[dict[str, np.ndarray]], plain: bool = False) -> Path:
    """`nets` saved as an ensemble (or, `plain`, the first as one model),
    with CALIBRATION."""
    arrays = (
        dict(nets[0])
        if plain
        else {f"m{i}_{k}": v for i, net in enumerate(nets) for k, v in net.items()}
    )
    np.savez_compressed(path, **arrays, **{k: np.float64(v) for k, v in CALIBRATION.items()})
    return path


def _images(count: int = 7) -> list[np.ndarray]:
    rng = np.random.default_rng(3)
    return [rng.random((28, 28)).astype(np.float32) for _ in range(count)]


def _calibrated(logits: np.ndarray) -> np.ndarray:
    z = logits.astype(np.float64) / CALIBRATION["temperature"]
    e = np.exp(z - z.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


@pytest.mark.parametrize(
    ("seeds", "plain"),
    [((1,), True), ((1,), False), ((1, 2), False), ((1, 2, 5), False)],
    ids=["one model", "an ensemble of one", "two members", "three members"],
)
def test_the_reader_gives_the_members_average_calibrated(tmp_path, seeds, plain):
    nets = [_network(seed) for seed in seeds]
    path = _save(tmp_path / "digits.npz", nets, plain)
    x = np.stack(_images())
    # What the reader did before ensembles, member by member, then averaged.
    each = [digits.forward(x, net)["logits"].astype(np.float64) for net in nets]
    expected = _calibrated(np.mean(each, axis=0))

    read = digits.classify(_images(), path)

    assert len(digits.members(path)) == len(seeds)
    assert np.allclose([guess.classes for guess in read], expected, rtol=0, atol=1e-12)
    assert [guess.digit for guess in read] == list(expected.argmax(1))
    assert [guess.probability for guess in read] == pytest.approx(list(expected.max(1)), abs=1e-12)


def test_a_two_member_file_is_not_either_member(tmp_path):
    """The average is neither member's reading: both are read."""
    a, b = _network(1), _network(2)
    both = digits.classify(_images(), _save(tmp_path / "ab.npz", [a, b]))
    only_a = digits.classify(_images(), _save(tmp_path / "a.npz", [a], plain=True))
    only_b = digits.classify(_images(), _save(tmp_path / "b.npz", [b], plain=True))
    for mixed, first, second in zip(both, only_a, only_b, strict=True):
        assert mixed.classes != first.classes
        assert mixed.classes != second.classes


def test_a_single_model_file_reads_its_weights_and_calibration_as_before(tmp_path):
    net = _network(4, c1=16, c2=32, dense=64)  # the widths before issue 59 still run
    path = _save(tmp_path / "old.npz", [net], plain=True)
    [read] = digits.members(path)
    assert read.keys() == net.keys()
    assert all(np.array_equal(read[k], v) for k, v in net.items())
    assert digits.calibration(path) == digits.Calibration(**CALIBRATION)
    logits = digits.forward(np.stack(_images()), net)["logits"]
    assert [g.classes for g in digits.classify(_images(), path)] == [
        tuple(row) for row in _calibrated(logits).tolist()
    ]


def test_the_shipped_file_holds_the_members_of_its_recipe():
    """digits.npz is what `make digits-model` (train_digits --recipe
    shipped) writes: one member for each training of the recipe, each
    recipe's arguments `train`'s own."""
    found = digits.members(digits.MODEL)
    assert len(found) == len(train_digits.RECIPES["shipped"])
    assert all(member.keys() == digits.SHAPES.keys() for member in found)
    for recipe in train_digits.RECIPES.values():
        for arguments in recipe:
            inspect.signature(train_digits.train).bind(None, None, 8, Path("m.npz"), **arguments)


def _wrong_shape(arrays):
    arrays["m1_w2"] = arrays["m1_w2"][:-1]


def _missing(arrays):
    del arrays["m1_b3"]


def _both_kinds(arrays):
    arrays["w1"] = arrays["m0_w1"]


def _stray(arrays):
    arrays["m3_w1"] = arrays.pop("m1_w1")


def _vector(arrays):
    arrays["m0_w3"] = arrays["m0_w3"].ravel()


def _dense_unlike(arrays):
    arrays["m0_b3"] = np.zeros(9, np.float32)


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (_wrong_shape, r"member m1: w2 is \(99, 6\), not \(100, 6\)"),
        (_missing, r"member m1 lacks m1_b3"),
        (_both_kinds, r"holds both a model \(w1 …\) and an ensemble \(m0_w1 …\)"),
        (_stray, r"m1_b1, .*, m3_w1 belong to no member \(m0 … m0\)"),
        (_vector, r"member m0: w1, w2 and w3 must be matrices"),
        (_dense_unlike, r"member m0: b3 is \(9,\), not \(8,\)"),
    ],
    ids=[
        "a layer's shape",
        "an array missing",
        "both kinds",
        "a member out of rank",
        "a vector for a matrix",
        "a bias of the wrong width",
    ],
)
def test_a_file_whose_members_do_not_fit_is_refused(tmp_path, spoil, message):
    arrays = {f"m{i}_{k}": v for i, seed in enumerate((1, 2)) for k, v in _network(seed).items()}
    spoil(arrays)
    path = tmp_path / "spoilt.npz"
    np.savez_compressed(path, **arrays, **{k: np.float64(v) for k, v in CALIBRATION.items()})
    with pytest.raises(ValueError, match=message):
        digits.classify(_images(), path)


def test_the_training_calibrates_on_the_logits_the_reader_reads(tmp_path):
    """tools/train_digits calibrates an ensemble on the logits the reader
    will compute from the saved file (to float32's rounding: the training
    reads by batches of 2,000, and a batch's size may change the last bit)."""
    nets = [_network(1), _network(2)]
    path = _save(tmp_path / "two.npz", nets)
    x = np.stack(_images(2100))  # more than one of the training's batches
    read = digits.logits(x, digits.members(path))
    assert np.allclose(train_digits.logits_of(x, nets), read, rtol=1e-5, atol=1e-5)
    one = train_digits.logits_of(x, nets[:1])
    assert np.allclose(one, digits.forward(x, nets[0])["logits"], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--epochs", "1"],
        ["--mnist", "whole"],
        ["--calibrate", "x.npz"],
        ["--ensemble", "a.npz"],
    ],
)
def test_no_command_but_the_recipe_writes_over_the_shipped_file(argv, capsys, tmp_path):
    """Without --out, one model trained (or calibrated) would replace the
    shipped ensemble: refused before anything is read or trained. (Were it
    not refused, the missing wheel and files would fail the test at once,
    before any training.)"""
    shipped = digits.MODEL.read_bytes()
    with pytest.raises(SystemExit) as refused:
        train_digits.main([*argv, "--wheel", str(tmp_path / "no-such.whl")])
    assert refused.value.code == 2
    assert "--out FILE is needed" in capsys.readouterr().err
    assert digits.MODEL.read_bytes() == shipped
