//! The shardable commands that the cluster driver (`cluster/`) runs: `dama selfplay --shard`
//! with `dama selfplay-merge`, `dama match --shard` with `dama match-merge`, and
//! `dama egdb slices` with `dama egdb build --slice`: their results equal one run's, and every
//! wrong input is one `error:` line with exit status 2.

mod isolated;
mod match_support;

use match_support::{dama_hub, temp_file};
use std::path::Path;
use std::process::Output;

fn run(args: &[&str]) -> Output {
    isolated::dama().args(args).output().expect("dama runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Runs `dama` and expects success; returns stdout.
fn ok(args: &[&str]) -> String {
    let output = run(args);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "dama {}: {err}", args.join(" "));
    stdout(&output)
}

/// Runs `dama` and expects exit status 2 with `why` in the one error line.
fn refused(args: &[&str], why: &str) {
    let output = run(args);
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "dama {}: {err}", args.join(" "));
    assert!(err.contains("error: ") && err.contains(why), "dama {}: {err}", args.join(" "));
    assert!(!err.contains("panicked"), "{err}");
}

fn path(p: &Path) -> String {
    p.display().to_string()
}

#[test]
fn selfplay_shards_merge_into_one_runs_file_and_bad_shards_are_refused() {
    let settings = ["--nodes", "300", "--seed", "4", "--threads", "1"];
    let one = temp_file("one.bin");
    ok(&[&["selfplay", "--out", &path(&one), "--games", "10"], &settings[..]].concat());
    let shards: Vec<String> = (1..=3).map(|i| path(&temp_file(&format!("s{i}.bin")))).collect();
    for (i, shard) in shards.iter().enumerate() {
        let which = format!("{}/3", i + 1);
        let out =
            ok(&[&["selfplay", "--out", shard, "--games", "10", "--shard", &which], &settings[..]]
                .concat());
        assert!(out.contains(&format!("shard {which} of 10 games")), "{out}");
    }
    let merged = temp_file("merged.bin");
    let out = ok(&[
        &["selfplay-merge", "--games", "10", "--out", &path(&merged)],
        &shards[..].iter().map(String::as_str).collect::<Vec<_>>()[..],
    ]
    .concat());
    assert!(out.contains("merged 3 shards") && out.contains("games 10"), "{out}");
    assert_eq!(std::fs::read(&merged).unwrap(), std::fs::read(&one).unwrap());

    refused(&["selfplay", "--out", "x.bin", "--shard", "4/3"], "the shard must be 1 to 3");
    refused(&["selfplay", "--out", "x.bin", "--shard", "two"], "expected I/N");
    let m = path(&merged);
    refused(&["selfplay-merge", "--games", "10", "--out", &m, &shards[0]], "exists");
    let fresh = path(&temp_file("fresh.bin"));
    refused(&["selfplay-merge", "--games", "10", "--out", &fresh, &shards[0]], "shard 2/3, 3/3");
    refused(
        &["selfplay-merge", "--games", "10", "--out", &fresh, &path(&one)],
        "not a shard's file",
    );
    refused(
        &["selfplay-merge", "--games", "10", "--out", &fresh, "/no/such/file.bin"],
        "cannot open",
    );
    assert!(!Path::new(&fresh).exists());
}

#[test]
fn match_shards_count_as_one_run() {
    let hub = dama_hub();
    let engines = ["--engine", &hub, "name=a", "--engine", &hub, "name=b", "option.eval=classic"];
    let limit = ["--nodes", "300", "--rounds", "5", "--seed", "8", "--quiet"];
    let one_pdn = temp_file("one.pdn");
    let one = ok(&[&["match"], &engines[..], &limit[..], &["--pdn-out", &path(&one_pdn)]].concat());
    let shards: Vec<String> = (1..=3).map(|i| path(&temp_file(&format!("m{i}.shard")))).collect();
    for (i, shard) in shards.iter().enumerate() {
        let which = format!("{}/3", i + 1);
        let args =
            [&["match"], &engines[..], &limit[..], &["--shard", &which, "--shard-out", shard]];
        ok(&args.concat());
    }
    let merged_pdn = temp_file("merged.pdn");
    let mut merge = vec!["match-merge", "--pdn-out"];
    let merged_pdn_arg = path(&merged_pdn);
    merge.push(&merged_pdn_arg);
    merge.extend(shards.iter().rev().map(String::as_str));
    let merged = ok(&merge);
    let result = |text: &str| text.lines().find(|l| l.starts_with("result ")).unwrap().to_string();
    assert_eq!(result(&merged), result(&one));
    assert!(result(&merged).contains("games=10 "), "{merged}");
    let strip = |text: String| {
        let mut out = String::new();
        let mut depth = 0;
        for c in text.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ if depth == 0 => out.push(c),
                _ => {}
            }
        }
        out
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    assert_eq!(strip(read(&merged_pdn)), strip(read(&one_pdn)));
    // A partial merge with an SPRT: the state of the games given (shards 1 and 2 of 3 hold
    // pairs 0 to 2 of 5, six games).
    let partial = ok(&["match-merge", "--sprt", "elo0=0,elo1=20", &shards[0], &shards[1]]);
    assert!(partial.contains("sprt="), "{partial}");
    assert!(result(&partial).contains("games=6 "), "{partial}");

    refused(&["match-merge", &shards[0], &shards[0]], "the same shard 1");
    refused(&["match-merge", &path(&one_pdn)], "not a match shard's result file");
    let other = path(&temp_file("other.shard"));
    let other_limit = ["--nodes", "301", "--rounds", "5", "--seed", "8", "--quiet"];
    ok(&[&["match"], &engines[..], &other_limit[..], &["--shard", "2/3", "--shard-out", &other]]
        .concat());
    refused(&["match-merge", &shards[0], &other], "not shards of one match");
    fn with<'a>(engines: &[&'a str], limit: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        [&["match"], engines, limit, extra].concat()
    }
    refused(&with(&engines, &limit, &["--shard", "1/3", "--shard-out", &shards[0]]), "exists");
    refused(
        &with(
            &engines,
            &limit,
            &["--shard", "1/3", "--shard-out", "s.x", "--sprt", "elo0=0,elo1=5"],
        ),
        "match-merge",
    );
    refused(&with(&engines, &limit, &["--force"]), "give --pdn-out or --shard-out");
    refused(
        &with(&engines, &limit, &["--shard", "0/3", "--shard-out", "s.x"]),
        "the shard must be 1 to 3",
    );
    let mut cut = read(Path::new(&shards[1]));
    cut.truncate(cut.len() / 2);
    let cut_path = temp_file("cut.shard");
    std::fs::write(&cut_path, cut).unwrap();
    refused(&["match-merge", &path(&cut_path)], "cut.shard");
}

#[test]
fn tables_built_slice_by_slice_are_the_files_of_a_whole_build() {
    let (whole, sliced) = (temp_file("whole"), temp_file("sliced"));
    ok(&["egdb", "build", "--pieces", "3", "--dir", &path(&whole)]);
    let plan = ok(&["egdb", "slices", "--pieces", "3"]);
    let lines: Vec<&str> = plan.lines().collect();
    assert_eq!(lines.len(), 9, "{plan}");
    assert_eq!(lines[0], "level=1 pieces=2 men=0 slice=m0k1-m0k1 positions=992 needs=-");
    assert!(lines[1].ends_with("slice=m1k0-m0k1 positions=1736 needs=m0k1-m0k1"), "{plan}");
    let names: Vec<&str> = lines
        .iter()
        .map(|l| l.split(' ').find_map(|w| w.strip_prefix("slice=")).unwrap())
        .collect();
    // Out of order: a slice whose needs are missing is refused, nothing written.
    refused(
        &["egdb", "build", "--slice", names[8], "--dir", &path(&sliced)],
        &format!("slice {} needs", names[8]),
    );
    for name in &names {
        let out = ok(&["egdb", "build", "--slice", name, "--dir", &path(&sliced)]);
        assert!(out.contains(&format!("slice {name} in")) && out.contains("built"), "{out}");
    }
    for name in &names {
        let file = format!("{name}.egdb");
        assert_eq!(
            std::fs::read(whole.join(&file)).unwrap(),
            std::fs::read(sliced.join(&file)).unwrap(),
            "{file}"
        );
    }
    let again = ok(&["egdb", "build", "--slice", names[3], "--dir", &path(&sliced)]);
    assert!(again.contains("already there"), "{again}");
    let english = ok(&["egdb", "slices", "--pieces", "3", "--variant", "english"]);
    assert_eq!(english, plan, "the two games have the same slices");
    refused(&["egdb", "build", "--slice", "m0k1-m1k0"], "stored in the slice m1k0-m0k1");
    refused(&["egdb", "build", "--slice", "m4k4-m0k0"], "each side has 1 to 12");
    refused(&["egdb", "build", "--slice", "m4k3-m0k1", "--dir", &path(&sliced)], "2 to 6 pieces");
    // International slices are the same materials, with more positions (50 squares).
    let international = ok(&["egdb", "slices", "--pieces", "3", "--variant", "international"]);
    assert_eq!(international.lines().count(), plan.lines().count());
    assert!(international.starts_with("level=1 pieces=2 men=0 slice=m0k1-m0k1 positions=2450 "));
    refused(&["egdb", "build", "--slice", "m1k0-m0k1", "--pieces", "3"], "cannot be used with");
    std::fs::remove_dir_all(&whole).unwrap();
    std::fs::remove_dir_all(&sliced).unwrap();
}
