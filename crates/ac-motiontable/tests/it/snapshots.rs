//! Golden transition catalogue snapshots (insta).

use ac_motiontable::Fidelity;
use ac_motiontable::Rules;
use ac_testkit::catalogue::{catalogue, render};

use crate::util::humanoid;

#[test]
fn humanoid_catalogue_ace() {
    let r = humanoid().build();
    let cases = catalogue(&r);
    assert!(cases.iter().any(|c| c.name.starts_with("action ")));
    assert!(cases.iter().any(|c| c.name.starts_with("style ")));
    insta::assert_snapshot!("humanoid_ace", render(&r));
}

#[test]
fn humanoid_catalogue_retail_differs_only_where_documented() {
    let ace = render(&humanoid().build());
    let retail = render(&humanoid().build_with(Fidelity::Retail.into()));
    let sections = |t: &str| -> Vec<String> { t.split("\n## ").map(str::to_owned).collect() };
    let (a, r) = (sections(&ace), sections(&retail));
    assert_eq!(a.len(), r.len());
    // The header names the fidelity; the only behavioural trigger on this table is quirk
    // `zero-speed-sign` (speed 0 keeps the same sign in retail: the fast path rescales instead of re-linking).
    assert!(a[0].contains("Ace") && r[0].contains("Retail"));
    let differing: Vec<&str> = a[1..]
        .iter()
        .zip(&r[1..])
        .filter(|(x, y)| x != y)
        .map(|(x, _)| x.lines().next().unwrap_or(""))
        .collect();
    assert_eq!(differing, ["walk speed to zero"]);
    let zero = r
        .iter()
        .find(|s| s.starts_with("walk speed to zero"))
        .expect("case");
    assert!(zero.contains("multiply_cyclic_framerate 0"));
}

#[test]
fn synthetic_humanoid_catalogue_ace() {
    let t = ac_testkit::synthetic::humanoid_table();
    assert_eq!(t.id, ac_testkit::synthetic::HUMANOID_TABLE_ID);
    let r = ac_motiontable::Resolver::new(t, Rules::default());
    let text = render(&r);
    assert!(text.contains("## walk run walk"));
    insta::assert_snapshot!("synthetic_humanoid_ace", text);
}
