"""One embedding model per scoring run, however many worker processes: the parent embeds.

With ``workers > 1`` and the embedding matcher, the worker processes run every cheap stage and
never load a model (:func:`~tablehallu.detectors.similarity.forbid_model_loading`). Each worker's
:class:`~tablehallu.detectors.similarity.EmbeddingBackend` is built with an encoder that sends
the strings it has not cached yet to the parent over the worker's own pipe and waits for their
unit vectors. A thread in the parent (:class:`EncodeServer`) takes every request that is waiting,
embeds the distinct strings of all of them in one batched pass with the parent's backend (and
its cache), and answers each worker with its rows. A request that fails (the model does not
load) is answered with the reason, which fails that worker's chunk.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import TYPE_CHECKING, Any

from tablehallu.detectors.similarity import EmbeddingBackend, ModelRef

if TYPE_CHECKING:  # numpy is imported by the embedding backend only (start-up cost)
    import numpy as np

__all__ = ["STOP_WAIT", "WORKER_CACHE_SIZE", "EncodeServer", "WorkerEmbedding"]

#: Embeddings a worker keeps (its parent keeps the run's full cache): misses cost a round trip.
WORKER_CACHE_SIZE = 65_536
#: Seconds the end of a run waits for the serving thread to stop.
STOP_WAIT = 10.0


@dataclass(frozen=True)
class WorkerEmbedding:
    """What a worker process needs to embed through its parent (picklable: sent at start-up)."""

    model: ModelRef
    batch_size: int
    max_chars: int
    pipes: tuple[Connection, ...]  # one per worker; a worker takes the one its slot names
    slots: Any  # a multiprocessing queue of free pipe indices

    def backend(self) -> EmbeddingBackend:
        """A backend for this worker process: no model, its encoder asks the parent."""
        conn = self.pipes[self.slots.get()]

        def encode(texts: list[str]) -> np.ndarray:
            conn.send(texts)
            status, payload = conn.recv()
            if status != "ok":
                raise RuntimeError(payload)
            matrix: np.ndarray = payload
            return matrix

        return EmbeddingBackend(
            self.model,
            batch_size=self.batch_size,
            cache_size=WORKER_CACHE_SIZE,
            max_chars=self.max_chars,
            encoder=encode,
        )


class EncodeServer:
    """Serves the encode requests of ``workers`` worker processes from a thread of this one.

    Use as a context manager around the process pool: it must outlive the pool's last chunk.
    """

    def __init__(self, backend: EmbeddingBackend, workers: int, ctx: Any) -> None:
        self.backend = backend
        pairs = [ctx.Pipe(duplex=True) for _ in range(workers)]
        self._conns: list[Connection] = [mine for mine, _ in pairs]
        slots = ctx.Queue()
        for i in range(workers):
            slots.put(i)
        self.worker = WorkerEmbedding(
            backend.model_ref,
            backend.batch_size,
            backend.max_chars,
            tuple(theirs for _, theirs in pairs),
            slots,
        )
        self._stop_reader, self._stop_writer = ctx.Pipe(duplex=False)
        self._thread = threading.Thread(target=self._serve, name="tablehallu-embed", daemon=True)
        self.requests = 0  # requests served, and batched passes made (for tests and benchmarks)
        self.passes = 0

    def __enter__(self) -> EncodeServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop_writer.send(None)
        # a worker killed halfway through sending a request can leave the thread waiting for
        # the rest (the pipe stays open: every process holds its ends); it is a daemon thread
        self._thread.join(timeout=STOP_WAIT)
        if not self._thread.is_alive():
            for conn in (*self._conns, *self.worker.pipes, self._stop_reader, self._stop_writer):
                conn.close()
        self.worker.slots.close()

    def _serve(self) -> None:
        live = list(self._conns)
        while True:
            ready = wait([*live, self._stop_reader])
            if self._stop_reader in ready:
                return
            batch: list[tuple[Connection, list[str]]] = []
            for conn in ready:
                assert isinstance(conn, Connection)
                try:
                    batch.append((conn, conn.recv()))
                except (EOFError, OSError):  # that worker is gone: the pool reports it
                    live.remove(conn)
            if batch:
                self._answer(batch, live)

    def _answer(self, batch: list[tuple[Connection, list[str]]], live: list[Connection]) -> None:
        texts = list(dict.fromkeys(t for _, asked in batch for t in asked))
        replies: list[tuple[str, Any]]
        try:
            matrix = self.backend.encode(texts)
            row = {t: i for i, t in enumerate(texts)}
            replies = [("ok", matrix[[row[t] for t in asked]]) for _, asked in batch]
        except Exception as exc:
            replies = [("error", str(exc))] * len(batch)
        self.requests += len(batch)
        self.passes += 1
        for (conn, _), reply in zip(batch, replies, strict=True):
            try:
                conn.send(reply)
            except OSError:
                live.remove(conn)
