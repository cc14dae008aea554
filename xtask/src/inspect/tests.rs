//! The inspector's API on the synthetic DAT, request by request (no sockets: the router is
//! called as a service), and the page in a real browser (`browser`).

mod browser;

use std::sync::{Arc, OnceLock};

use ac_dat::MotionTable;
use ac_dat::motion::{READY, RUN_FORWARD, stance::NON_COMBAT};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt as _;

use super::{Catalog, MAX_BODY, router};
use crate::source::DatSource;

const HUMANOID: u32 = ac_testkit::synthetic::HUMANOID_TABLE_ID;

/// The synthetic catalogue, loaded once for all tests.
fn catalog() -> Catalog {
    static TABLES: OnceLock<Catalog> = OnceLock::new();
    let c = TABLES.get_or_init(|| {
        Catalog::load(&DatSource::Synthetic {
            seed: ac_testkit::synthetic::DEFAULT_SEED,
        })
        .expect("synthetic")
    });
    Catalog {
        source: c.source.clone(),
        tables: c.tables.clone(),
        directory_errors: c.directory_errors.clone(),
        animations: Arc::clone(&c.animations),
    }
}

/// One request; the status and the JSON body.
async fn call(method: &str, uri: &str, body: impl Into<Body>, json: bool) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if json {
        req = req.header("content-type", "application/json");
    }
    let response = router(catalog())
        .oneshot(req.body(body.into()).expect("request"))
        .await
        .expect("the router answers");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body");
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value)
}

async fn get(uri: &str) -> (StatusCode, Value) {
    call("GET", uri, Body::empty(), false).await
}

async fn resolve(body: Value) -> (StatusCode, Value) {
    call("POST", "/api/resolve", body.to_string(), true).await
}

fn humanoid() -> Arc<MotionTable> {
    Arc::clone(catalog().table(HUMANOID).expect("the humanoid parses"))
}

/// `(style << 16) | motion`, the key of a cycle or a link's outer key.
fn key(style: u32, motion: u32) -> u32 {
    (style << 16) | (motion & 0x00FF_FFFF)
}

/// What the humanoid's table says Ready → RunForward queues: the link's animations, then the
/// cycle's, as the page writes ids.
fn ready_to_run_anims() -> Vec<String> {
    let t = humanoid();
    let link = t.link(key(NON_COMBAT, READY), RUN_FORWARD).expect("link");
    let cycle = t.cycle(key(NON_COMBAT, RUN_FORWARD)).expect("cycle");
    link.anims
        .iter()
        .chain(&cycle.anims)
        .map(|a| format!("0x{:08X}", a.anim_id))
        .collect()
}

#[tokio::test]
async fn the_list_has_every_table_with_its_counts() {
    let (status, list) = get("/api/tables").await;
    assert_eq!(status, StatusCode::OK);
    let list = list.as_array().expect("a list");
    assert_eq!(list.len(), ac_testkit::synthetic::TABLE_COUNT);
    let t = humanoid();
    let row = &list[0];
    assert_eq!(row["id"], "0x09000001");
    assert_eq!(row["cycles"], t.cycles.len());
    assert_eq!(row["links"], t.num_link_destinations());
    assert_eq!(row["default_style"], "NonCombat");
    let (_, info) = get("/api/info").await;
    assert_eq!(info["default_table"], "0x09000001");
    assert!(info["source"].as_str().unwrap_or("").contains("synthetic"));
}

#[tokio::test]
async fn a_table_is_grouped_by_style_with_names() {
    let (status, t) = get("/api/tables/0x09000001").await;
    assert_eq!(status, StatusCode::OK);
    let styles = t["styles"].as_array().expect("styles");
    let nc = &styles[0];
    assert_eq!(nc["style"]["name"], "NonCombat");
    assert_eq!(nc["is_default"], true);
    assert_eq!(nc["default_substate"]["name"], "Ready");
    let run = nc["cycles"]
        .as_array()
        .expect("cycles")
        .iter()
        .find(|c| c["motion"]["name"] == "RunForward")
        .expect("a RunForward cycle");
    let cycle = humanoid()
        .cycle(key(NON_COMBAT, RUN_FORWARD))
        .expect("cycle")
        .clone();
    assert_eq!(run["velocity"][1], f64::from(cycle.velocity.y));
    let links = nc["links"].as_array().expect("links");
    assert!(
        links
            .iter()
            .any(|l| l["from"]["name"] == "Ready" && l["to"]["name"] == "RunForward")
    );
}

#[tokio::test]
async fn ready_to_run_queues_the_link_then_the_cycle() {
    let (status, r) = resolve(serde_json::json!({
        "table": "0x09000001", "from": "Ready", "command": "RunForward", "seconds": 2
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["ok"], true);
    assert_eq!(r["after"]["substate"]["name"], "RunForward");
    let expected = ready_to_run_anims();
    let queued: Vec<&str> = r["queued"]
        .as_array()
        .expect("queued")
        .iter()
        .filter_map(|q| q["anim"].as_str())
        .collect();
    assert_eq!(queued, expected);
    // The explanation: the resolver's own events, in order, laid out by nesting. The SubState
    // branch ran, the Ready→RunForward link was looked up and found, the link then the cycle
    // were queued, and the animations they queued are the ones in the list.
    let steps = r["explanation"].as_array().expect("explanation");
    let events: Vec<&str> = steps
        .iter()
        .filter_map(|s| s["event"]["event"].as_str())
        .collect();
    assert_eq!(events.first(), Some(&"call"), "{events:?}");
    assert_eq!(events.last(), Some(&"return"), "{events:?}");
    assert_eq!(steps[0]["depth"], 0);
    let texts: Vec<&str> = steps.iter().filter_map(|s| s["text"].as_str()).collect();
    assert!(
        texts.contains(&"SubState branch (the motion has the SubState class bit)"),
        "{texts:#?}"
    );
    let link = steps
        .iter()
        .find(|s| s["event"]["event"] == "link" && s["event"]["role"] == "link")
        .expect("the link lookup");
    assert_eq!(link["event"]["found"], "found");
    assert!(
        link["text"]
            .as_str()
            .unwrap_or("")
            .contains("Links[NonCombat/Ready][RunForward]")
    );
    let roles: Vec<&str> = steps
        .iter()
        .filter(|s| s["event"]["event"] == "queue")
        .filter_map(|s| s["event"]["role"].as_str())
        .collect();
    assert_eq!(roles, ["link", "cycle"]);
    let explained: Vec<String> = steps
        .iter()
        .filter(|s| s["event"]["event"] == "anim")
        .map(|s| {
            assert_eq!(s["depth"], 2, "an animation sits under its queue line: {s}");
            s["text"].as_str().unwrap_or("")[5..15].to_owned()
        })
        .collect();
    assert_eq!(explained, expected);
    // The playback: 2 s at 30 Hz, the link first (finishing inside the recording), a path that
    // runs north, and an SVG with the data the page's play head needs.
    let tl = &r["timeline"];
    assert_eq!(tl["updates"], 60);
    assert!(tl["path"].as_array().expect("path").len() > 50);
    let svg = r["svg"].as_str().expect("svg");
    assert!(svg.contains("data-t1=") && svg.contains("id=\"path-panel\""));
}

#[tokio::test]
async fn bad_requests_are_4xx_with_a_readable_message() {
    let cases = [
        (
            serde_json::json!({"table": "0x09000001", "command": "RunFoward"}),
            StatusCode::BAD_REQUEST,
            "did you mean `RunForward`",
        ),
        (
            serde_json::json!({"table": "0x09000001", "command": "RunForward", "speed": 1e30}),
            StatusCode::BAD_REQUEST,
            "speed",
        ),
        (
            serde_json::json!({"table": "0x09000001", "command": "RunForward", "seconds": -1}),
            StatusCode::BAD_REQUEST,
            "seconds",
        ),
        (
            serde_json::json!({"table": "0x09000001", "command": "Ready", "fidelity": "best"}),
            StatusCode::BAD_REQUEST,
            "fidelity",
        ),
        (
            serde_json::json!({"table": "0x0900FFFF", "command": "Ready"}),
            StatusCode::NOT_FOUND,
            "no motion table 0x0900FFFF",
        ),
        (
            serde_json::json!({"table": "banana", "command": "Ready"}),
            StatusCode::BAD_REQUEST,
            "not a table id",
        ),
        (
            serde_json::json!({"table": "0x09000001"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "command",
        ),
    ];
    for (body, status, needle) in cases {
        let (got, answer) = resolve(body.clone()).await;
        assert_eq!(got, status, "{body} → {answer}");
        let message = answer["error"].as_str().unwrap_or_default();
        assert!(message.contains(needle), "{body} → {message}");
    }
    // A refused command is an answer, not an error: the page shows the refusal.
    let (status, r) = resolve(serde_json::json!({
        "table": "0x09000001", "from": "Ready", "command": "0x41000000"
    }))
    .await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["ok"], false);
    // … and the explanation says why: every branch fell through, then the refusal.
    let kinds: Vec<&str> = r["explanation"]
        .as_array()
        .expect("explanation")
        .iter()
        .filter_map(|s| s["event"]["event"].as_str())
        .collect();
    assert!(kinds.contains(&"refused"), "{kinds:?}");
    let (status, e) = call("POST", "/api/resolve", "{not json", true).await;
    assert!(status.is_client_error(), "{status}");
    assert!(e["error"].as_str().is_some());
    let (status, e) = get("/api/tables/0x12345678").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(e["error"].as_str().unwrap_or("").contains("0x12345678"));
    let (status, e) = get("/etc/passwd").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(e["error"].is_string());
    // Too large, not UTF-8, a bad query: JSON errors too, never a plain-text rejection.
    let huge = "x".repeat(MAX_BODY + 1);
    let (status, e) = call("POST", "/api/scenario", huge.clone(), false).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        e["error"].as_str().unwrap_or("").contains("scenario"),
        "{e}"
    );
    let big_resolve = format!(r#"{{"table": "0x09000001", "command": "Ready", "pad": "{huge}"}}"#);
    let (status, e) = call("POST", "/api/resolve", big_resolve, true).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(e["error"].is_string(), "{e}");
    let (status, e) = call("POST", "/api/scenario", vec![0xFF_u8, 0xFE, 0x00], false).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(e["error"].is_string(), "{e}");
    let (status, e) = call("POST", "/api/scenario?fidelity=best", "tick 0.1", false).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        e["error"].as_str().unwrap_or("").contains("fidelity"),
        "{e}"
    );
}

#[tokio::test]
async fn a_pasted_scenario_is_run_and_drawn_and_its_error_located() {
    let (status, example) = get("/api/scenario/example").await;
    assert_eq!(status, StatusCode::OK);
    let text = example["text"].as_str().expect("text").to_string();
    let (status, r) = call("POST", "/api/scenario", text.clone(), false).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert!(r["error"].is_null());
    assert!(r["trace"].as_str().unwrap_or("").starts_with("step 1:"));
    assert_eq!(r["timeline"]["rows"].as_array().map(Vec::len), Some(2));
    let broken = format!("{text}frobnicate\n");
    let (status, r) = call("POST", "/api/scenario?fidelity=retail", broken, false).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(r["error_line"], text.lines().count() + 1);
    assert!(r["error"].as_str().unwrap_or("").contains("frobnicate"));
    let (status, e) = call("POST", "/api/scenario", "  \n", false).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap_or("").contains("empty"));
}

#[tokio::test]
async fn a_request_past_the_time_bound_is_a_503_with_a_message() {
    let slow = axum::Router::new().route(
        "/slow",
        axum::routing::get(|| async {
            tokio::time::sleep(std::time::Duration::from_secs(30)).await;
            "late"
        }),
    );
    let app = super::bounded(slow, std::time::Duration::from_millis(50));
    let started = std::time::Instant::now();
    let response = app
        .oneshot(Request::get("/slow").body(Body::empty()).expect("request"))
        .await
        .expect("the router answers");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body");
    let e: Value = serde_json::from_slice(&bytes).expect("a JSON error");
    assert!(
        e["error"].as_str().unwrap_or("").contains("abandoned"),
        "{e}"
    );
}
