//! A host's code on the local network: the four bytes of its IPv4 address and the two of its
//! port, 48 bits, as ten letters and digits of Crockford's base 32 (no I, L, O or U, which are
//! misread), shown as two groups of five. Easier to read out and type than an address, and
//! read back however it is typed.

use std::net::Ipv4Addr;

/// The code's characters, each worth its index.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code, the dash between its halves not counted.
pub const HOST_CODE_LENGTH: usize = 10;
/// Bits each character carries.
const BITS: u32 = 5;

/// The code for a host at `address` listening on `port`, as `XXXXX-XXXXX`; `None` for port 0,
/// which nobody can join.
pub fn host_code(address: Ipv4Addr, port: u16) -> Option<String> {
    if port == 0 {
        return None;
    }
    let value = (u64::from(u32::from(address)) << 16) | u64::from(port);
    let chars: String = (0..HOST_CODE_LENGTH)
        .rev()
        .map(|i| char::from(ALPHABET[((value >> (BITS * i as u32)) & 31) as usize]))
        .collect();
    Some(format!("{}-{}", &chars[..5], &chars[5..]))
}

/// The address and port a typed code stands for: any case, spaces and dashes anywhere, I and
/// L read as 1 and O as 0 (as Crockford's base 32 reads them); `None` when it is not a code.
pub fn read_host_code(typed: &str) -> Option<(Ipv4Addr, u16)> {
    let mut value: u64 = 0;
    let mut count = 0;
    for c in typed.chars().filter(|c| !matches!(c, ' ' | '-')) {
        let c = match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            other => other,
        };
        let digit = ALPHABET.iter().position(|a| char::from(*a) == c)?;
        count += 1;
        if count > HOST_CODE_LENGTH {
            return None;
        }
        value = (value << BITS) | digit as u64;
    }
    let port = (value & 0xFFFF) as u16;
    let address = Ipv4Addr::from((value >> 16) as u32);
    (count == HOST_CODE_LENGTH && port != 0).then_some((address, port))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_code_reads_back_as_its_address_and_port_however_it_is_typed() {
        let address = Ipv4Addr::new(192, 168, 1, 20);
        let code = host_code(address, 24680).unwrap();
        assert_eq!(code.len(), HOST_CODE_LENGTH + 1);
        assert_eq!(read_host_code(&code), Some((address, 24680)));
        let sloppy = code.to_lowercase().replace('-', " ").replace('0', "o").replace('1', "l");
        assert_eq!(read_host_code(&sloppy), Some((address, 24680)));
        let top = host_code(Ipv4Addr::new(255, 255, 255, 255), u16::MAX).unwrap();
        assert_eq!(read_host_code(&top), Some((Ipv4Addr::new(255, 255, 255, 255), u16::MAX)));
    }

    #[test]
    fn what_is_not_a_host_code_is_not_taken_for_one() {
        for junk in ["", "hello", "UUUUU-UUUUU", "00000-00000", "12345-67890-1", "12345-6789", "１2345-67890"]
        {
            assert_eq!(read_host_code(junk), None, "{junk:?}");
        }
        assert_eq!(host_code(Ipv4Addr::LOCALHOST, 0), None);
    }
}
