//! The tests of the Hub params (params.rs).

use super::*;
use dama_engine::italian::eval::learned::LearnedEval;

#[test]
fn every_declared_param_accepts_its_own_value() {
    for variant in [Variant::Italian, Variant::English, Variant::International] {
        let mut settings = Settings::default();
        settings.record(&Setting::Variant(variant));
        for declaration in settings.declarations() {
            let setting = parse_setting(declaration.name, &declaration.value).unwrap();
            let mut copy = settings.clone();
            copy.record(&setting);
            let name = declaration.name;
            assert_eq!(copy.declarations(), settings.declarations(), "{variant:?} {name}");
        }
    }
}

#[test]
fn a_variant_brings_its_own_move_count() {
    let mut settings = Settings::default();
    settings.record(&Setting::Variant(Variant::International));
    assert_eq!(settings.quiet_ply_limit, 50);
    settings.record(&Setting::QuietPlyLimit(64));
    settings.record(&Setting::Variant(Variant::English));
    assert_eq!(settings.quiet_ply_limit, 80);
    let declared = &settings.declarations()[0];
    assert_eq!((declared.name, declared.value.as_str()), ("variant", "english"));
    assert_eq!(
        declared.kind,
        ParamKind::Enum {
            values: vec!["italian", "english", "international", "russian", "brazilian"]
        }
    );
    settings.record(&Setting::Variant(Variant::Russian));
    assert_eq!(settings.quiet_ply_limit, 30, "15 moves each of kings only");
    settings.record(&Setting::Variant(Variant::Brazilian));
    assert_eq!(settings.quiet_ply_limit, 40, "20 moves each of kings only");
}

#[test]
fn an_eval_file_selects_the_learned_evaluation_and_eval_switches_back_and_forth() {
    let path = std::env::temp_dir().join(format!("dama-params-{}.dwt", std::process::id()));
    let mut weights = dama_engine::italian::eval::learned::EMBEDDED_WEIGHTS.to_vec();
    // Another valid file: change one weight and fix the checksum.
    let at = 24 + 4 * (dama_engine::board8::features::PATTERNS + 5);
    weights[at] ^= 7;
    let end = weights.len() - 4;
    let crc = crc32fast_free_checksum(&weights[..end]);
    weights[end..].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(&path, &weights).unwrap();
    let file_weights = LearnedEval::from_bytes(&weights).unwrap();

    let mut settings = Settings::default();
    settings.record(&parse_setting("eval", "classic").unwrap());
    assert_eq!(settings.eval.eval_name(), "classic");
    settings.record(&parse_setting("eval-file", &path.display().to_string()).unwrap());
    assert_eq!(settings.eval.learned.as_deref(), Some(&file_weights));
    settings.record(&parse_setting("eval", "classic").unwrap());
    assert_eq!(settings.eval.eval_name(), "classic");
    settings.record(&parse_setting("eval", "learned").unwrap());
    assert_eq!(settings.eval.learned.as_deref(), Some(&file_weights), "the file is kept");
    settings.record(&parse_setting("eval-file", "").unwrap());
    assert_eq!(settings.eval.learned, Some(LearnedEval::embedded()));
    assert!(parse_setting("eval", "neural").is_err());
    assert!(parse_setting("eval-file", "/no/such/weights").is_err());
    std::fs::remove_file(&path).unwrap();
}

/// CRC-32 (IEEE), bit by bit: the test's own, independent of the engine's crate.
fn crc32fast_free_checksum(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[test]
fn bad_values_are_refused() {
    assert!(parse_setting("variant", "turkish").is_err());
    assert_eq!(parse_setting("variant", "russian"), Ok(Setting::Variant(Variant::Russian)));
    assert_eq!(parse_setting("variant", "brazilian"), Ok(Setting::Variant(Variant::Brazilian)));
    assert_eq!(parse_setting("variant", "english"), Ok(Setting::Variant(Variant::English)));
    for name in ["international", "normal", "standard"] {
        assert_eq!(parse_setting("variant", name), Ok(Setting::Variant(Variant::International)));
    }
    assert!(parse_setting("threads", "0").is_err());
    assert!(parse_setting("threads", "65").is_err());
    assert!(parse_setting("tt-size", "-1").is_err());
    assert!(parse_setting("book", "yes").is_err());
    assert!(parse_setting("quiet-ply-limit", "0").is_err());
    assert!(parse_setting("colour", "red").is_err());
    assert!(parse_setting("table-cutoffs", "off").is_err());
    assert!(parse_setting("log-file", "a\rb").is_err());
    assert!(parse_setting("log-file", "a\u{1b}[31mb").is_err());
    assert_eq!(
        parse_setting("table-cutoffs", "false"),
        Ok(Setting::Switch { name: "table-cutoffs", on: false })
    );
    assert_eq!(parse_setting("threads", "2"), Ok(Setting::Threads(2)));
    assert!(parse_setting("multipv", "0").is_err());
    assert!(parse_setting("skill", "21").is_err());
    assert!(parse_setting("skill", "0").is_err());
    assert_eq!(parse_setting("multipv", "3"), Ok(Setting::MultiPv(3)));
    assert_eq!(parse_setting("skill", "1"), Ok(Setting::Skill(1)));
}

#[test]
fn move_overhead_is_milliseconds_from_0_to_5000() {
    let mut settings = Settings::default();
    assert_eq!(settings.move_overhead, DEFAULT_MOVE_OVERHEAD);
    for (text, ms) in [("0", 0), ("45", 45), ("5000", 5_000)] {
        let setting = parse_setting("move-overhead", text).unwrap();
        assert_eq!(setting, Setting::MoveOverhead(Duration::from_millis(ms)));
        settings.record(&setting);
        assert_eq!(settings.move_overhead, Duration::from_millis(ms));
        let declared = settings.declarations();
        let declared = declared.iter().find(|d| d.name == "move-overhead").unwrap();
        assert_eq!(declared.value, text);
        assert_eq!(declared.kind, ParamKind::Int { min: 0, max: 5_000 });
    }
    for bad in ["5001", "-1", "0.03", "", "30ms"] {
        let error = parse_setting("move-overhead", bad).unwrap_err();
        assert_eq!(error, format!("move-overhead must be an integer from 0 to 5000, got '{bad}'"));
    }
}

#[test]
fn each_game_has_its_own_search_switches_and_a_set_switch_stays_over_a_new_game() {
    let probcut = |settings: &Settings| settings.search.get("probcut").unwrap();
    let declared = |settings: &Settings| {
        settings.declarations().into_iter().find(|d| d.name == "probcut").unwrap().value
    };
    let mut settings = Settings::default();
    assert!(!probcut(&settings), "Italian plays without ProbCut");
    settings.record(&Setting::Variant(Variant::International));
    assert!(probcut(&settings), "International plays with it");
    assert_eq!(declared(&settings), "true");
    settings.record(&Setting::Variant(Variant::English));
    assert!(probcut(&settings), "English plays with it");
    assert!(!settings.search.get("partial-iterations").unwrap(), "English plays without them");
    settings.record(&Setting::Variant(Variant::International));
    assert!(settings.search.get("partial-iterations").unwrap(), "International with them");
    settings.record(&Setting::Variant(Variant::English));
    settings.record(&Setting::Variant(Variant::Italian));
    assert!(!probcut(&settings));
    settings.record(&Setting::Switch { name: "probcut", on: true });
    settings.record(&Setting::Variant(Variant::English));
    settings.record(&Setting::Variant(Variant::Italian));
    assert!(probcut(&settings), "a switch set by set-param is kept over a new game");
    settings.record(&Setting::Switch { name: "probcut", on: false });
    settings.record(&Setting::Variant(Variant::International));
    assert!(!probcut(&settings));
    assert_eq!(declared(&settings), "false");
    // The other switches follow the same rule.
    settings.record(&Setting::Switch { name: "table-cutoffs", on: false });
    settings.record(&Setting::Variant(Variant::English));
    assert_eq!(settings.search.get("table-cutoffs"), Some(false));
    // A switch as a new game of `variant` plays it.
    let default = |variant, name| {
        let mut settings = Settings::default();
        settings.record(&Setting::Variant(variant));
        settings.search.get(name).unwrap()
    };
    // Early reductions: English and International, by default.
    let early = |variant| default(variant, "early-reductions");
    assert!(early(Variant::English) && early(Variant::International));
    assert!(!early(Variant::Italian));
    // Futility pruning: Italian, English and International by default, not in the games it was
    // not measured in.
    let futility = |variant| default(variant, "futility");
    assert!(futility(Variant::Italian) && futility(Variant::English));
    assert!(futility(Variant::International));
    assert!(!futility(Variant::Russian) && !futility(Variant::Brazilian));
}
