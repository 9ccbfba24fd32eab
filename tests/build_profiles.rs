//! Cargo.toml's profiles: `cargo test --release` links the one library it builds.

/// The lines of the `[name]` table of Cargo.toml, up to the next table.
fn table(name: &str) -> Vec<String> {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("Cargo.toml is readable");
    let header = format!("[{name}]");
    manifest
        .lines()
        .skip_while(|line| line.trim() != header)
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
        .map(str::to_string)
        .collect()
}

/// With `panic = "abort"` in the release profile, `cargo test --release` builds the
/// library twice (abort for the binary, unwind for the tests) into the same unhashed
/// cdylib/rlib file name, and the tests fail to link whenever the abort build finishes
/// last.
#[test]
fn the_release_profile_leaves_the_panic_strategy_to_cargo() {
    let release = table("profile.release");
    assert!(!release.is_empty(), "Cargo.toml has a [profile.release]");
    let panic = release
        .iter()
        .find(|line| line.trim_start().starts_with("panic"));
    assert_eq!(panic, None, "the release profile sets a panic strategy");
}
