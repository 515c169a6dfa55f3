"""The PostgreSQL test server's binaries: where they are looked for, and a clear failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from testkit import postgres


def test_no_binaries_is_one_clear_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NARD_PG_BIN", raising=False)
    monkeypatch.setattr(postgres.shutil, "which", lambda name: None)
    monkeypatch.setattr(postgres.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(postgres, "_wheel_binaries", lambda: None)
    with pytest.raises(postgres.PostgresUnavailable) as caught:
        postgres.find_binaries()
    assert "\n" not in str(caught.value) and "NARD_PG_BIN" in str(caught.value)


def test_an_explicit_folder_comes_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("initdb", "pg_ctl", "postgres"):
        (tmp_path / name).write_text("#!/bin/sh\n")
        (tmp_path / name).chmod(0o755)
    monkeypatch.setenv("NARD_PG_BIN", str(tmp_path))
    assert postgres.find_binaries() == tmp_path


def test_newest_distribution_version_first() -> None:
    folders = ["/usr/lib/postgresql/9.6/bin", "/usr/lib/postgresql/15/bin",
               "/usr/lib/postgresql/13/bin"]
    assert sorted(folders, key=postgres._version_key, reverse=True)[0].endswith("/15/bin")
