//! Golden transition catalogue snapshots (insta).

use ac_motiontable::Fidelity;
use ac_motiontable::catalogue::{catalogue, render};

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
    let retail = render(&humanoid().build().with_fidelity(Fidelity::Retail));
    let diff: Vec<(&str, &str)> = ace
        .lines()
        .zip(retail.lines())
        .filter(|(a, b)| a != b)
        .collect();
    // Only the header names the fidelity on this table (it has no O1/O2/ODD-2 triggers).
    assert_eq!(diff.len(), 1, "{diff:?}");
    assert!(diff[0].0.contains("Ace") && diff[0].1.contains("Retail"));
}

#[test]
fn synthetic_humanoid_catalogue_ace() {
    let t = ac_dat::synthetic::humanoid_table();
    assert_eq!(t.id, ac_dat::synthetic::HUMANOID_TABLE_ID);
    let r = ac_motiontable::Resolver::new(t);
    let text = render(&r);
    assert!(text.contains("## walk run walk"));
    insta::assert_snapshot!("synthetic_humanoid_ace", text);
}
