//! `cargo xtask inspect [--dat PATH] [--port N]`: the motion inspector, a page in the browser.
//!
//! A local web server (axum on tokio, bound to 127.0.0.1 only) serves one page — plain HTML,
//! CSS and JavaScript embedded in the binary, no build step — and a read-only JSON API over the
//! crates:
//!
//! | route | what |
//! |---|---|
//! | `GET /api/info` | the DAT's source, table count, limits |
//! | `GET /api/tables` | every motion table: id, counts, parse error |
//! | `GET /api/tables/{id}` | one table grouped by style (cycles, links, modifiers, physics, names) |
//! | `POST /api/resolve` | a start state + command (+ speed, fidelity, seconds): the manager's answer, the list it queued, the playback over the next seconds (timeline data and SVG) |
//! | `POST /api/scenario?fidelity=` | a scenario's text: its trace, its error, its timeline |
//! | `GET /api/scenario/example` | the built-in walk scenario |
//!
//! Robustness: the server takes no file path from a request (the DAT is chosen on the command
//! line); request bodies are limited to [`MAX_BODY`] bytes; each request is answered within
//! [`REQUEST_TIME`] and at most [`WORKERS`] simulations run at once. Bad ids, unknown motion
//! names, out-of-range numbers and unparsable tables are 4xx answers with a JSON body
//! `{"error": "…"}` that the page shows; nothing a request carries can stop the server.

mod catalog;
mod simulate;
mod view;

#[cfg(test)]
mod tests;

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use ac_motiontable::Fidelity;
use anyhow::Context as _;
use axum::Router;
use axum::extract::rejection::{PathRejection, QueryRejection, StringRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use crate::source::{DatSource, SourceInfo};
pub use catalog::Catalog;
use simulate::{Refusal, ResolveRequest};
use view::{TableSummary, TableView};

/// Largest request body accepted (a pasted scenario or a resolve request), in bytes.
pub const MAX_BODY: usize = 256 * 1024;
/// Every request is answered within this time (a `503` with a message when the work takes
/// longer; the work itself is bounded by the request limits).
pub const REQUEST_TIME: Duration = Duration::from_secs(20);
/// Simulations (resolve, scenario) running at once; more wait their turn.
pub const WORKERS: usize = 2;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// Portal DAT to inspect (default: `$AC_PORTAL_DAT`, else the synthetic corpus).
    #[arg(long)]
    pub dat: Option<PathBuf>,
    /// Port on 127.0.0.1 (0: any free port).
    #[arg(long, default_value_t = 8642)]
    pub port: u16,
}

/// What every handler shares.
struct Shared {
    catalog: Catalog,
    workers: Arc<Semaphore>,
}

type AppState = Arc<Shared>;

/// An error answer: a status and a message for the page.
#[derive(Debug)]
struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn bad_request(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
    fn not_found(message: impl Into<String>) -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        Self::bad_request(r.0)
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            axum::Json(ErrorBody {
                error: &self.message,
            }),
        )
            .into_response()
    }
}

/// The router over `catalog`.
pub fn router(catalog: Catalog) -> Router {
    let state: AppState = Arc::new(Shared {
        catalog,
        workers: Arc::new(Semaphore::new(WORKERS)),
    });
    let app = Router::new()
        .route("/", get(page))
        .route("/app.js", get(script))
        .route("/style.css", get(style))
        .route("/api/info", get(info))
        .route("/api/tables", get(tables))
        .route("/api/tables/{id}", get(table))
        .route("/api/resolve", post(resolve))
        .route("/api/scenario", post(scenario))
        .route("/api/scenario/example", get(scenario_example))
        .fallback(not_found)
        .with_state(state);
    bounded(app, REQUEST_TIME)
}

/// `app` with the request bounds: bodies up to [`MAX_BODY`], answers within `request_time`.
fn bounded(app: Router, request_time: Duration) -> Router {
    app.layer(middleware::from_fn(move |request, next| {
        time_bound(request_time, request, next)
    }))
    .layer(DefaultBodyLimit::max(MAX_BODY))
}

/// Answers `503` when a request takes longer than `limit`.
async fn time_bound(limit: Duration, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(r) => r,
        Err(_) => ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!(
                "the request took longer than {} s and was abandoned",
                limit.as_secs_f64()
            ),
        }
        .into_response(),
    }
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page or API route")
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn page() -> Response {
    asset(
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    )
}

async fn script() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    )
}

async fn style() -> Response {
    asset("text/css; charset=utf-8", include_str!("assets/style.css"))
}

#[derive(Serialize)]
struct Info {
    source: String,
    synthetic: bool,
    tables: usize,
    directory_errors: Vec<String>,
    default_table: Option<String>,
    max_speed: f32,
    max_seconds: f64,
    max_body: usize,
}

async fn info(State(s): State<AppState>) -> axum::Json<Info> {
    let c = &s.catalog;
    let humanoid = ac_testkit::synthetic::HUMANOID_TABLE_ID;
    let default_table = if c.tables.contains_key(&humanoid) {
        Some(humanoid)
    } else {
        c.tables.keys().next().copied()
    };
    axum::Json(Info {
        source: c.source.to_string(),
        synthetic: matches!(c.source, SourceInfo::Synthetic { .. }),
        tables: c.tables.len(),
        directory_errors: c.directory_errors.clone(),
        default_table: default_table.map(view::hex),
        max_speed: simulate::MAX_SPEED,
        max_seconds: simulate::MAX_SECONDS,
        max_body: MAX_BODY,
    })
}

async fn tables(State(s): State<AppState>) -> axum::Json<Vec<TableSummary>> {
    axum::Json(
        s.catalog
            .tables
            .iter()
            .map(|(id, e)| TableSummary::of(*id, e))
            .collect(),
    )
}

async fn table(
    State(s): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<axum::Json<TableView>, ApiError> {
    let Path(id) = id.map_err(|e| ApiError {
        status: e.status(),
        message: format!("bad table id: {}", e.body_text()),
    })?;
    let id = simulate::parse_table_id(&id)?;
    let t = s.catalog.table(id).map_err(ApiError::not_found)?;
    Ok(axum::Json(TableView::of(t)))
}

/// Runs `work` on the blocking pool, one of at most [`WORKERS`] at a time. The permit goes
/// with the work, so a request abandoned at [`REQUEST_TIME`] still counts until its work ends.
async fn simulate<T: Send + 'static>(
    s: &AppState,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = Arc::clone(&s.workers)
        .acquire_owned()
        .await
        .map_err(|_| ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "the server is shutting down".into(),
        })?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|e| ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        message: format!("the simulation failed: {e}"),
    })?
}

#[derive(Serialize)]
struct Resolved {
    #[serde(flatten)]
    resolution: simulate::Resolution,
    svg: String,
}

async fn resolve(
    State(s): State<AppState>,
    body: Result<axum::Json<ResolveRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<axum::Json<Resolved>, ApiError> {
    let axum::Json(req) = body.map_err(|e| ApiError {
        status: e.status(),
        message: format!("bad resolve request: {}", e.body_text()),
    })?;
    let id = simulate::parse_table_id(&req.table)?;
    let table = Arc::clone(s.catalog.table(id).map_err(ApiError::not_found)?);
    let animations = Arc::clone(&s.catalog.animations);
    let resolved = simulate(&s, move || {
        let resolution = simulate::resolve(&req, &table, &animations)?;
        let svg = crate::timeline::svg::render(&resolution.timeline);
        Ok(Resolved { resolution, svg })
    })
    .await?;
    Ok(axum::Json(resolved))
}

#[derive(Deserialize)]
struct ScenarioQuery {
    #[serde(default)]
    fidelity: Option<String>,
}

#[derive(Serialize)]
struct ScenarioRun {
    trace: String,
    error: Option<String>,
    error_line: Option<usize>,
    timeline: crate::timeline::model::Timeline,
    svg: String,
}

async fn scenario(
    State(s): State<AppState>,
    query: Result<Query<ScenarioQuery>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<axum::Json<ScenarioRun>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError {
        status: e.status(),
        message: format!("bad scenario query: {}", e.body_text()),
    })?;
    let body = body.map_err(|e| ApiError {
        status: e.status(),
        message: format!("bad scenario: {}", e.body_text()),
    })?;
    let fidelity: Fidelity = simulate::parse_fidelity(q.fidelity.as_deref())?;
    if body.trim().is_empty() {
        return Err(ApiError::bad_request(
            "the scenario is empty: paste or upload a .scn file",
        ));
    }
    let run = simulate(&s, move || {
        let run = crate::timeline::from_scenario("pasted scenario", &body, fidelity);
        let svg = crate::timeline::svg::render(&run.timeline);
        Ok(ScenarioRun {
            trace: run.trace,
            error_line: run.error.as_ref().map(|e| e.line),
            error: run.error.map(|e| e.to_string()),
            timeline: run.timeline,
            svg,
        })
    })
    .await?;
    Ok(axum::Json(run))
}

#[derive(Serialize)]
struct Example {
    text: String,
}

async fn scenario_example() -> axum::Json<Example> {
    axum::Json(Example {
        text: crate::timeline::demo_scenario(),
    })
}

/// Binds 127.0.0.1:`port` (0: any free port).
pub async fn bind(port: u16) -> anyhow::Result<tokio::net::TcpListener> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))
}

/// Serves `catalog` on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, catalog: Catalog) -> anyhow::Result<()> {
    axum::serve(listener, router(catalog))
        .await
        .context("the server stopped")
}

/// Runs the command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let catalog = Catalog::load(&DatSource::resolve(args.dat))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        let listener = bind(args.port).await?;
        let addr = listener.local_addr()?;
        println!(
            "motion inspector: {} ({} motion tables)\nlistening on http://{addr}/ (127.0.0.1 only; Ctrl-C stops it)",
            catalog.source,
            catalog.tables.len()
        );
        serve(listener, catalog).await
    })
}
