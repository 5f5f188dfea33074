"""The cluster jobs against the one-machine commands, on a local Ray cluster of two CPUs that
the tests start (run by .ci/run; `pytest cluster/tests` by hand, with DAMA=path/to/dama).

- self-play: 2 shards merged are the file of one run, byte for byte;
- match at a fixed node count: 4 shards give the same games and the same result as one run;
- tables: the Italian 2-5 piece tables built through Ray are the files of
  `dama egdb build --pieces 5`, byte for byte;
- faults: a task that kills its own Ray worker mid-task is retried, and the job's result is
  complete with no shard counted twice; a job started again skips the shards already done.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys

import pytest
import ray

from dama_cluster import cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DAMA = os.path.abspath(os.environ.get("DAMA", os.path.join(ROOT, "target", "release", "dama")))
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
# Before Ray starts its workers, which inherit the environment: no endgame tables but those a
# test builds and names, and none built on first use (tests/isolated_env.py).
sys.path.insert(0, os.path.join(ROOT, "tests"))
import isolated_env  # noqa: E402,F401


@pytest.fixture(scope="session", autouse=True)
def local_cluster():
    """One local Ray cluster of two CPUs for every test."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def dama(*args: str, cwd: str | None = None) -> str:
    done = subprocess.run([DAMA, *args], capture_output=True, text=True, cwd=cwd, check=True)
    return done.stdout


def cluster(*args: str, capsys=None) -> str:
    """Runs the driver in this process (on the tests' cluster); returns its stdout."""
    if capsys:
        capsys.readouterr()
    status = cli.main(["--dama", DAMA, *args])
    out = capsys.readouterr().out if capsys else ""
    assert status == 0, out
    return out


SELFPLAY = ["--nodes", "300", "--seed", "5", "--random-plies", "2"]


def test_selfplay_shards_merge_into_the_file_of_one_run(tmp_path, capsys):
    one = tmp_path / "one.bin"
    dama("selfplay", "--out", str(one), "--games", "16", "--threads", "1", *SELFPLAY)
    merged = tmp_path / "merged.bin"
    out = cluster("selfplay", "--out", str(merged), "--games", "16", "--shards", "2", "--",
                  *SELFPLAY, capsys=capsys)
    assert "merged 2 shards" in out and "games 16" in out, out
    assert merged.read_bytes() == one.read_bytes()


MATCH = ["--engine", f"{DAMA} hub", "name=learned", "--engine", f"{DAMA} hub", "name=classic",
         "option.eval=classic", "--nodes", "400", "--rounds", "8", "--seed", "3"]


def result_line(report: str) -> str:
    return re.search(r"^result .*$", report, re.M).group(0)


def moves_only(pdn: str) -> str:
    """A PDN text without the comments (they hold each move's wall time)."""
    return re.sub(r"\{[^}]*\}", "", pdn)


def test_match_shards_give_the_games_and_result_of_one_run(tmp_path, capsys):
    one_pdn = tmp_path / "one.pdn"
    one = dama("match", *MATCH, "--quiet", "--pdn-out", str(one_pdn))
    merged_pdn = tmp_path / "merged.pdn"
    out = cluster("match", "--shards", "4", "--work", str(tmp_path / "job"), "--pdn-out",
                  str(merged_pdn), "--", *MATCH, capsys=capsys)
    assert result_line(out) == result_line(one)
    assert "games=16 " in result_line(out)
    # The same summary lines but the timings.
    timed = ("Per engine move", "Per move of each engine", "Time:")
    assert [l for l in out.splitlines() if not l.startswith(timed)] == \
        [l for l in one.splitlines() if not l.startswith(timed)]
    assert moves_only(merged_pdn.read_text()) == moves_only(one_pdn.read_text())
    assert merged_pdn.read_text().count("[Event ") == 16


def test_match_with_an_sprt_reports_its_state(tmp_path, capsys):
    out = cluster("match", "--shards", "4", "--work", str(tmp_path / "job"),
                  "--sprt", "elo0=0,elo1=10", "--", *MATCH, capsys=capsys)
    line = result_line(out)
    assert re.search(r" llr=-?\d+\.\d+ sprt=(H0|H1|continue) ", line), line
    assert "SPRT (" in out


def test_an_sprt_that_decides_cancels_the_shards_left(tmp_path, capsys):
    # Against its own search with a material-only evaluation, Dama wins nearly every pair: the
    # SPRT accepts H1 after a few shards of the 40, and the others never count.
    lopsided = ["--engine", f"{DAMA} hub", "name=full", "--engine", f"{DAMA} hub",
                "name=material", "option.positional-eval=false", "--nodes", "400",
                "--rounds", "200"]
    work = tmp_path / "job"
    out = cluster("match", "--shards", "40", "--work", str(work), "--sprt", "elo0=0,elo1=20",
                  "--", *lopsided, capsys=capsys)
    line = result_line(out)
    assert " sprt=H1 " in line, out
    games = int(re.search(r"games=(\d+)", line).group(1))
    shards = [p for p in os.listdir(work) if p.endswith(".shard")]
    assert games == 10 * len(shards) and len(shards) < 40, (games, shards)


def sha256(path) -> str:
    with open(path, "rb") as table:
        return hashlib.sha256(table.read()).hexdigest()


def test_tables_built_through_ray_are_the_files_of_the_one_machine_build(tmp_path, capsys):
    """The Italian 2-5 piece tables. The reference is the list of the files' SHA-256 made by
    `dama egdb build --pieces 5` (tests/data/italian-2-5.sha256; the Italian tables are kept
    byte-identical from version to version). DAMA_CLUSTER_REFERENCE=build builds the
    reference with that command instead (two more minutes) and compares the files."""
    tables = tmp_path / "tables"
    out = cluster("egdb", "--pieces", "5", "--dir", str(tables), capsys=capsys)
    assert "45 slices up to 5 pieces" in out, out
    built = {name: sha256(tables / name) for name in sorted(os.listdir(tables))}
    if os.environ.get("DAMA_CLUSTER_REFERENCE") == "build":
        reference_dir = tmp_path / "reference"
        dama("egdb", "build", "--pieces", "5", "--dir", str(reference_dir), "--threads", "1")
        reference = {n: sha256(reference_dir / n) for n in sorted(os.listdir(reference_dir))}
    else:
        with open(os.path.join(DATA, "italian-2-5.sha256")) as listed:
            pairs = [line.split() for line in listed if line.strip() and not line.startswith("#")]
        reference = {name: digest for digest, name in pairs}
    assert len(reference) == 45
    assert built == reference


def test_a_killed_worker_is_retried_and_no_shard_counts_twice(tmp_path, capsys, monkeypatch):
    # Self-play: shard 2 of 3 kills its worker a second into its games; the retry resumes on
    # this node from the partial file, and the merge is still the file of one run.
    args = ["--nodes", "1500", "--seed", "9"]
    one = tmp_path / "one.bin"
    dama("selfplay", "--out", str(one), "--games", "12", "--threads", "1", *args)
    marker = tmp_path / "killed-selfplay"
    monkeypatch.setenv(cli.FAULT_VARIABLE, f"selfplay-0002-of-0003.bin:{marker}")
    merged = tmp_path / "merged.bin"
    cluster("selfplay", "--out", str(merged), "--games", "12", "--shards", "3", "--", *args,
            capsys=capsys)
    assert marker.exists(), "the fault was injected"
    assert merged.read_bytes() == one.read_bytes()
    # A match: shard 1 of 2 dies; the merged result holds each game once.
    marker = tmp_path / "killed-match"
    monkeypatch.setenv(cli.FAULT_VARIABLE, f"match-0001-of-0002.shard:{marker}")
    slow = [a if a != "400" else "3000" for a in MATCH]
    out = cluster("match", "--shards", "2", "--work", str(tmp_path / "job"), "--pdn-out",
                  str(tmp_path / "m.pdn"), "--", *slow, capsys=capsys)
    assert marker.exists(), "the fault was injected"
    assert "result games=16 " in out, out
    rounds = re.findall(r'\[Round "(\d+)"\]', (tmp_path / "m.pdn").read_text())
    assert sorted(map(int, rounds)) == list(range(1, 17))


def test_a_job_started_again_skips_the_shards_already_done(tmp_path, capsys):
    work = tmp_path / "job"
    first = cluster("match", "--shards", "4", "--work", str(work), "--", *MATCH, capsys=capsys)
    shards = sorted(p for p in os.listdir(work) if p.endswith(".shard"))
    assert len(shards) == 4
    kept = {name: os.stat(work / name).st_mtime_ns for name in shards[1:]}
    os.remove(work / shards[0])
    again = cluster("match", "--shards", "4", "--work", str(work), "--", *MATCH, capsys=capsys)
    assert result_line(again) == result_line(first)
    assert {name: os.stat(work / name).st_mtime_ns for name in shards[1:]} == kept
    assert (work / shards[0]).exists()
    # Another job's directory is refused.
    other = [a if a != "8" else "6" for a in MATCH]
    assert cli.main(["--dama", DAMA, "match", "--shards", "4", "--work", str(work), "--",
                     *other]) == 2
    assert "holds the shards of another job" in capsys.readouterr().err


def test_wrong_arguments_are_one_error_line_and_status_2(tmp_path, capsys):
    out = str(tmp_path / "x.bin")
    # Refused by dama in the tasks: reported once, with dama's reason.
    status = cli.main(["--dama", DAMA, "selfplay", "--out", out, "--games", "4", "--shards", "2",
                       "--", "--nodes", "many"])
    err = capsys.readouterr().err
    assert status == 2, err
    assert "error: " in err and "invalid value 'many'" in err, err
    assert not os.path.exists(out)
    # Refused by the driver before any task.
    for args, why in [
        (["selfplay", "--out", out, "--games", "4", "--shards", "2", "--", "--shard", "1/2"],
         "--shard is the driver's to set"),
        (["match", "--shards", "2", "--work", str(tmp_path / "w"), "--", "--sprt", "elo0=0"],
         "--sprt is the driver's to set"),
        (["egdb", "--pieces", "9", "--dir", str(tmp_path / "t")], "invalid value '9'"),
    ]:
        assert cli.main(["--dama", DAMA, *args]) == 2, args
        err = capsys.readouterr().err
        assert err.startswith("error: ") and why in err and "error: error" not in err, err
    assert cli.main(["--dama", str(tmp_path / "none"), "egdb", "--pieces", "3", "--dir",
                     str(tmp_path / "t")]) == 2
    assert "no dama binary" in capsys.readouterr().err
