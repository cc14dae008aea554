//! `cargo xtask decode HEX|BASE64`: the canonical text of a movement message or blob.
//!
//! For bytes pasted from a packet log: hex (spaces, colons and a `0x` prefix allowed) or
//! base64. A whole message (from its opcode: MoveToState, AutonomousPosition, Jump,
//! UpdateMotion, UpdatePosition, VectorUpdate, CreateObject) is tried first, then a standalone
//! MovementData blob (the CreateObject form). Bad input exits non-zero with the decoder's
//! error, which names the field and its byte offset.

use ac_motioninterp::wire::MovementData;
use ac_physobj::wire::Message;
use anyhow::bail;
use base64::Engine as _;

/// Command-line arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The bytes, as hex or base64 (several arguments are joined).
    #[arg(required = true, num_args = 1..)]
    pub bytes: Vec<String>,
}

/// Decode the arguments and print the canonical line.
pub fn run(args: Args) -> anyhow::Result<()> {
    println!("{}", canonical(&args.bytes.join(""))?);
    Ok(())
}

/// The canonical text of `input` (hex or base64).
pub fn canonical(input: &str) -> anyhow::Result<String> {
    let bytes = parse_bytes(input)?;
    let message = match Message::decode(&bytes) {
        Ok(m) => return Ok(m.to_string()),
        Err(e) => e,
    };
    match MovementData::decode(&bytes) {
        Ok(md) => Ok(md.to_string()),
        Err(blob) => bail!(
            "{} byte(s) are neither a movement message ({message}) nor a MovementData blob ({blob})",
            bytes.len()
        ),
    }
}

/// Hex when the text (without separators and `0x`) is an even number of hex digits, else
/// base64 (standard alphabet, padding optional).
pub(crate) fn parse_bytes(input: &str) -> anyhow::Result<Vec<u8>> {
    let compact: String = input
        .chars()
        .filter(|c| !c.is_whitespace() && *c != ':')
        .collect();
    if compact.is_empty() {
        bail!("no bytes given");
    }
    let hex = compact
        .strip_prefix("0x")
        .or_else(|| compact.strip_prefix("0X"))
        .unwrap_or(&compact);
    if hex.len().is_multiple_of(2) && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok((0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("checked hex digits"))
            .collect());
    }
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
    );
    engine.decode(&compact).map_err(|e| {
        anyhow::anyhow!("input is neither hex (an even number of hex digits) nor base64: {e}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blobs_in_base64_and_hex() {
        let want = "type=Invalid flags=0x00 style=0x003D ims{bits=0x00 cmds=[]}";
        assert_eq!(canonical("AAA9AAAAAAA=").unwrap(), want);
        assert_eq!(canonical("AAA9AAAAAAA").unwrap(), want);
        assert_eq!(canonical("00 00 3d 00 00 00 00 00").unwrap(), want);
        assert_eq!(canonical("0x00003D0000000000").unwrap(), want);
    }

    #[test]
    fn messages_are_tried_first() {
        let hex = "4cf70000020000505a000100000001000000000000000000";
        assert_eq!(
            canonical(hex).unwrap(),
            "UpdateMotion guid=0x50000002 inst=90 mseq=1 scseq=0 auto=1 \
             md{type=Invalid flags=0x00 style=0x0000 ims{bits=0x00 cmds=[]}}"
        );
    }

    #[test]
    fn bad_input_says_why() {
        let e = canonical("zz!").unwrap_err().to_string();
        assert!(e.contains("neither hex"), "{e}");
        let e = canonical("4cf700000200").unwrap_err().to_string();
        assert!(
            e.contains("`UpdateMotion.guid` at byte 4") && e.contains("MovementData"),
            "{e}"
        );
        assert!(canonical("  ").is_err());
    }
}
