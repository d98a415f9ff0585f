"""Type stub of the pecards module (app/python/pecardsmodule.cpp). Keyword arguments are
pecards-cli's flags with underscores for dashes; `pecards-cli --help` and docs/cli.md list them."""

from typing import Any, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

Flag = Union[str, int, float, bool, None, Sequence[float], npt.NDArray[Any]]

class Error(ValueError):
    """A value pecards refuses; the message names the keyword, the value and the allowed range."""

def compute(quantity: str, **flags: Flag) -> npt.NDArray[np.float64]:
    """Any quantity of pecards-cli (see quantities()); views at full resolution up to 4096 x 4096."""

def inv_freq(**flags: Flag) -> npt.NDArray[np.float64]:
    """RoPE theta_i after scaling, radians per position, shape (rotary_dim/2,)."""

def cos_sin(
    positions: npt.ArrayLike, *, dtype: str = "float64", **flags: Flag
) -> tuple[npt.NDArray[np.floating[Any]], npt.NDArray[np.floating[Any]]]:
    """The rotary cos/sin cache, each of shape (len(positions), rotary_dim), in the model's layout."""

def rotate(x: npt.ArrayLike, positions: npt.ArrayLike, **flags: Flag) -> npt.NDArray[np.float64]:
    """R_m x for every position m, shape (len(positions), head_dim)."""

def position_ids(segments: str, **flags: Flag) -> tuple[npt.NDArray[np.int64], int]:
    """M-RoPE (t, h, w) ids, shape (3, tokens), and mrope_position_deltas."""

def config(path: str, seq_len: int | None = None) -> dict[str, Any]:
    """pecards-cli config's summary of a Hugging Face config.json."""

def quantities() -> list[dict[str, Any]]:
    """name, cards, shape and help of every quantity compute() takes."""

def render(out: str, quantity: str | None = None, **flags: Flag) -> None:
    """pecards-cli render's figure of one quantity, a workspace or a lesson handout, to out."""

def check(
    *,
    inv_freq: npt.ArrayLike | None = None,
    cos: npt.ArrayLike | None = None,
    sin: npt.ArrayLike | None = None,
    rotated: npt.ArrayLike | None = None,
    unrotated: npt.ArrayLike | None = None,
    first_position: int = 0,
    dtype: str = "float32",
    **flags: Flag,
) -> dict[str, Any]:
    """An engine's inv_freq or cos/sin cache against the reference and the known bugs."""
