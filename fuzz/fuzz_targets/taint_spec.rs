//! The taint-argument parser (`parse_taint_args`, `parse_changes`) on arbitrary text:
//! split into words as a shell would, and whole as one word. Beyond "no panic", every
//! accepted change must obey the parser's contract: keys and values pass the validators,
//! effects are ones the parser takes, a spec round-trips through its Display form, and
//! the command-line reader agrees with `parse_changes` on its spec words.
#![no_main]

use karmadactl::api::taint::{validate_key, validate_value, TaintEffect, CLUSTER_EFFECTS};
use karmadactl::api::taint_spec::{
    looks_like_spec, parse_changes, parse_taint_args, Effects, TaintChanges,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let words: Vec<&str> = text.split_whitespace().collect();

    check_changes(&words);
    check_changes(&[&text]);
    check_args(&words);
    check_args(&["clusters", "m1", &text]);
});

fn check_changes(words: &[&str]) {
    let strict = parse_changes(words.iter().copied(), Effects::Karmadactl);
    let loose = parse_changes(words.iter().copied(), Effects::WithProposal);
    for (result, effects) in [
        (&strict, Effects::Karmadactl),
        (&loose, Effects::WithProposal),
    ] {
        match result {
            Ok(changes) => check_accepted(words, changes, effects),
            Err(message) => assert!(!message.is_empty(), "an empty error for {words:?}"),
        }
    }
    // `WithProposal` takes everything `Karmadactl` takes, and reads it the same way.
    if let Ok(changes) = &strict {
        assert_eq!(loose.as_ref(), Ok(changes), "{words:?}");
    }
}

fn check_accepted(words: &[&str], changes: &TaintChanges, effects: Effects) {
    let removals = words.iter().filter(|w| w.ends_with('-')).count();
    assert_eq!(changes.remove.len(), removals, "{words:?}");
    assert_eq!(changes.add.len(), words.len() - removals, "{words:?}");
    let allowed =
        |e: TaintEffect| e != TaintEffect::PreferNoExecute || effects == Effects::WithProposal;

    for (i, add) in changes.add.iter().enumerate() {
        assert!(validate_key(&add.key).is_ok(), "{add:?} from {words:?}");
        if let Some(value) = &add.value {
            assert!(!value.is_empty(), "an empty value is None: {add:?}");
            assert!(validate_value(value).is_ok(), "{add:?} from {words:?}");
        }
        assert!(allowed(add.effect), "{add:?} from {words:?}");
        assert!(
            !changes.add[..i]
                .iter()
                .any(|a| a.key == add.key && a.effect == add.effect),
            "a duplicate addition was accepted: {words:?}"
        );
        let text = add.to_string();
        let again = parse_changes([text.as_str()], effects);
        assert_eq!(
            again,
            Ok(TaintChanges {
                add: vec![add.clone()],
                remove: vec![]
            }),
            "{add:?} does not round-trip through {text:?}"
        );
    }
    for removal in &changes.remove {
        assert!(
            validate_key(&removal.key).is_ok(),
            "{removal:?} from {words:?}"
        );
        assert!(
            removal.effect.is_none_or(allowed),
            "{removal:?} from {words:?}"
        );
        let text = removal.to_string();
        let again = parse_changes([text.as_str()], effects);
        assert_eq!(
            again,
            Ok(TaintChanges {
                add: vec![],
                remove: vec![removal.clone()]
            }),
            "{removal:?} does not round-trip through {text:?}"
        );
    }
    // Each word of an accepted list is accepted alone.
    for word in words {
        assert!(
            parse_changes([*word], effects).is_ok(),
            "{word:?} of {words:?}"
        );
    }
}

fn check_args(args: &[&str]) {
    let named = parse_taint_args(args, false);
    let selected = parse_taint_args(args, true);
    for result in [&named, &selected] {
        if let Err(e) = result {
            assert!(!e.message.is_empty(), "an empty error for {args:?}");
        }
    }
    // `-l`/`--all` only lifts the need for a name.
    if let Ok(a) = &named {
        assert_eq!(selected.as_ref(), Ok(a), "{args:?}");
        assert!(!a.names.is_empty(), "no cluster named: {args:?}");
    }
    let Ok(a) = &selected else { return };

    assert!(
        matches!(
            a.resource.to_ascii_lowercase().as_str(),
            "cluster" | "clusters" | "cluster.cluster.karmada.io" | "clusters.cluster.karmada.io"
        ),
        "{args:?}"
    );
    assert_eq!(args.first(), Some(&a.resource.as_str()));
    assert!(a.names.iter().all(|n| !looks_like_spec(n)), "{args:?}");
    let specs = &args[1 + a.names.len()..];
    assert_eq!(&args[1..1 + a.names.len()], a.names.as_slice());
    assert!(specs.iter().all(|s| looks_like_spec(s)), "{args:?}");
    assert_eq!(
        parse_changes(specs.iter().copied(), Effects::Karmadactl).as_ref(),
        Ok(&a.changes),
        "{args:?}"
    );
    assert!(!specs.is_empty(), "{args:?}");
    for add in &a.changes.add {
        assert!(
            CLUSTER_EFFECTS.contains(&add.effect),
            "{add:?} from {args:?}"
        );
        assert!(
            !a.changes
                .remove
                .iter()
                .any(|r| r.key == add.key && r.effect.is_none_or(|e| e == add.effect)),
            "{add} is both added and removed: {args:?}"
        );
    }
}
