"""Worker processes for ``--jobs``: forked, stopped with their parent, never left behind.

Every command that spreads work over processes goes through :func:`process_pool`: workers ignore Ctrl-C (the
parent alone handles it and stops them); on Linux each worker ends when its parent dies (``PR_SET_PDEATHSIG``),
so ``| head`` or ``kill -9`` leaves no orphan; however the ``with`` block is left, the workers are terminated and
reaped; a worker that dies becomes :class:`WorkerDied` instead of a ``BrokenProcessPool`` traceback.

Long work (odds, a matrix, a batch) also says what it is doing with :func:`doing`, so that the one line an
interrupt prints tells what had been done (:func:`interrupted_line`)."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, TypeVar

from tabroll.errors import EXIT_INTERNAL, TabrollError
from tabroll.i18n import _, n_

if TYPE_CHECKING:  # the pool's modules are imported by process_pool: a command of one process never loads them
    from concurrent.futures import ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

_PR_SET_PDEATHSIG = 1


class WorkerDied(TabrollError):
    """A worker process ended before its work was done (killed, or out of memory)."""

    exit_code = EXIT_INTERNAL


def _worker_start(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask") and hasattr(signal, "SIGPIPE"):  # forked while it was held back
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGPIPE})
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(1)


def workers_for(jobs: int, work: int) -> int:
    """How many processes ``--jobs jobs`` starts for ``work`` pieces of work (files, pairs): never more than there is
    work for, since each worker is a whole copy of tabroll in memory."""
    return max(1, min(jobs, work))


def cores() -> int:
    """The processor cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # pragma: no cover - a platform without affinity
        return os.cpu_count() or 1


def warn_past_cores(jobs: int, workers: int) -> None:
    """Warn on standard error when the ``workers`` processes that ``--jobs jobs`` starts are more than the cores:
    they only share them, and each costs its memory."""
    here = cores()
    if workers <= here:
        return
    note = n_(
        "--jobs {jobs}: {workers} processes on {n} processor core; more processes than cores share them, "
        "each using its own memory (use --jobs {n} or less)",
        "--jobs {jobs}: {workers} processes on {n} processor cores; more processes than cores share them, "
        "each using its own memory (use --jobs {n} or less)",
        here,
        jobs=jobs,
        workers=workers,
    )
    sys.stderr.write(_("warning: {message}", message=note) + "\n")


GRACE = 5.0
"""Seconds a terminated worker has to end before it is killed outright."""


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers and its manager thread, whatever state they are in, and return only when both are
    gone.

    The manager thread reads each result from a pipe whose write end this process also holds: a worker terminated
    while sending a result (a large tally takes many writes) would leave that thread blocked for ever. So once the
    workers are gone this process closes its own writer: the read ends, and the manager sees a broken pool and
    finishes. Nothing else in this process writes to or closes that pipe."""
    # The pool's feeder thread may still be writing work to the terminated workers' pipe. tabroll lets SIGPIPE end
    # the process quietly when *its reader* leaves (``| head``); here a broken pipe is expected and must only fail
    # that write, so SIGPIPE is ignored until the pool is down.
    previous = None
    if hasattr(signal, "SIGPIPE") and threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    try:
        # shutdown() forgets the workers, its queues and its manager thread, so take them first (private, but
        # unchanged from Python 3.9 to 3.13; 3.14 has a public terminate_workers()).
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)
        results = getattr(pool, "_result_queue", None)
        calls = getattr(pool, "_call_queue", None)
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()
        for process in processes:
            with contextlib.suppress(Exception):
                process.join(GRACE)
                if process.is_alive():  # SIGTERM held up (a worker caught in a system call): no more waiting
                    process.kill()
                    process.join()
        writer = getattr(results, "_writer", None)
        if writer is not None:
            with contextlib.suppress(Exception):
                writer.close()
        # Nor does anything read the work pipe now. Where CPython gh-94777 is fixed (3.12, and late 3.11s) the manager
        # closes that pipe's reader itself and ends; on older Pythons (Debian 12's 3.11.2) it waits for ever on the
        # pool's feeder thread, blocked writing a task to the pipe. Close it only for a manager still waiting: closed
        # beside a manager that closes it too, the descriptor would be closed twice.
        if manager is not None:
            manager.join(GRACE)
            reader = getattr(calls, "_reader", None)
            if manager.is_alive() and reader is not None and not hasattr(calls, "_terminate_broken"):
                with contextlib.suppress(Exception):
                    reader.close()
            manager.join()
    finally:
        if previous is not None:
            signal.signal(signal.SIGPIPE, previous)


@contextlib.contextmanager
def process_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` forked workers (they inherit the parent's state without pickling it)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_worker_start,
        initargs=(os.getpid(),),
    )
    try:
        _start_workers(pool)
        yield pool
    except BrokenProcessPool:
        raise WorkerDied(
            _("a worker process stopped before its work was done (was it killed, or out of memory?)"),
            tip=_("run again; with --jobs 1 everything runs in this one process"),
        ) from None
    finally:
        _stop(pool)


def _noop() -> None:
    return None


def _start_workers(pool: ProcessPoolExecutor) -> None:
    """Fork every worker now, with Ctrl-C held back until the forks are done: a forking pool starts all its
    workers at its first task, and an interrupt that lands during a fork runs inside one of Python's at-fork
    callbacks, which swallows it (a stray traceback, and the work goes on). Held back, it arrives just after."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None or threading.current_thread() is not threading.main_thread():
        pool.submit(_noop).result()
        return
    # SIGPIPE is held back too, and stays so in the threads this submit starts (the pool's manager thread, and the
    # feeder thread it starts, inherit this thread's mask): when a worker dies, the pool closes its end of the work
    # pipe while the feeder may still be writing to it. That write must fail (EPIPE, which the pool expects), not
    # end tabroll, which lets SIGPIPE stop it when the reader of *its output* leaves ('| head'). A thread-directed
    # SIGPIPE held back in a thread is never delivered to the process.
    held = {signal.SIGINT} | ({signal.SIGPIPE} if hasattr(signal, "SIGPIPE") else set())
    previous = block(signal.SIG_BLOCK, held)
    try:
        started = pool.submit(_noop)
    finally:
        block(signal.SIG_SETMASK, previous)
    started.result()


WAKE = 0.2
"""Seconds between the checks a waiting parent makes for an interrupt (see :func:`in_order`)."""


def _apply_chunk(fn: Callable[[T], R], chunk: Sequence[T]) -> list[R]:
    """``fn`` of each item. An exception crosses back to the parent pickled, rebuilt from its arguments: one whose
    ``__init__`` takes others (say a required keyword) cannot be, and the parent would see a broken pool (a worker
    that died), so it crosses as a ``RuntimeError`` that names it."""
    try:
        return [fn(item) for item in chunk]
    except Exception as err:
        import pickle

        try:
            pickle.loads(pickle.dumps(err))
        except Exception:
            raise RuntimeError(f"{type(err).__name__} in a worker process: {err}") from None
        raise err from None


def in_order(pool: ProcessPoolExecutor, fn: Callable[[T], R], items: Sequence[T], *, chunksize: int = 1) -> Iterator[R]:
    """``pool.map(fn, items, chunksize=...)``: the results in the order of ``items``, each as soon as it and those
    before it are done; but the waiting parent never sleeps long past a Ctrl-C.

    ``pool.map`` waits on a lock with no time limit, and a signal that lands just before that wait begins is acted
    on only when the wait ends. Here each wait ends after :data:`WAKE` seconds and starts again."""
    from concurrent.futures import TimeoutError as Pending

    chunks = [items[start : start + chunksize] for start in range(0, len(items), max(1, chunksize))]
    futures = [pool.submit(_apply_chunk, fn, chunk) for chunk in chunks]
    try:
        for future in futures:
            while True:
                try:
                    done = future.result(timeout=WAKE)
                except Pending:
                    continue
                break
            yield from done
    finally:
        for future in futures:
            future.cancel()


_doing: list[Callable[[], str]] = []
_done_when_stopped: list[str] = []


@contextlib.contextmanager
def doing(describe: Callable[[], str]) -> Iterator[None]:
    """Long work under way: if an interrupt (Ctrl-C) ends it, ``describe()`` is what the ``interrupted`` line adds
    (say, "the simulation had done 3,000 of 1,000,000 trials")."""
    _doing.append(describe)
    try:
        yield
    except (Exception, SystemExit, GeneratorExit):
        raise
    except BaseException:  # an interrupt: say what was done, as it stood when it came (the outermost work says)
        with contextlib.suppress(Exception):
            _done_when_stopped.append(describe())
        raise
    finally:
        _doing.remove(describe)


def interrupted_line() -> str:
    """The line an interrupted command prints: ``interrupted``, and what the long work under way had done."""
    done = _done_when_stopped[-1:]
    _done_when_stopped.clear()
    return _("interrupted: {done}", done=done[0]) if done and done[0] else _("interrupted")
