//! Kubernetes name syntax: qualified names (label and taint keys), label values and DNS
//! subdomains, as the API server validates them.

/// `[prefix/]name`: prefix a DNS subdomain, name 1 to 63 label characters.
pub fn is_qualified_name(s: &str) -> bool {
    let (prefix, name) = match s.split_once('/') {
        Some((p, n)) => (Some(p), n),
        None => (None, s),
    };
    prefix.is_none_or(is_dns_subdomain) && name.len() <= 63 && is_name_token(name)
}

/// A label value: empty, or at most 63 label characters.
pub fn is_label_value(s: &str) -> bool {
    s.is_empty() || (s.len() <= 63 && is_name_token(s))
}

/// Alphanumerics, `-`, `_` and `.`, with an alphanumeric at both ends (no length limit).
pub fn is_name_token(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphanumeric)
        && b.last().is_some_and(u8::is_ascii_alphanumeric)
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
}

/// Dot-separated DNS labels (lower-case alphanumerics and `-`), at most 253 characters
/// in all (as the API server checks it, the labels themselves have no length limit).
pub fn is_dns_subdomain(s: &str) -> bool {
    !s.is_empty() && s.len() <= 253 && s.split('.').all(is_dns_label)
}

/// The words apimachinery uses for a name that is not a label key. v0.35 (Karmada
/// v1.17 and later) says "a valid label key" and counts "bytes"; v0.34 and older
/// (Karmada v1.15, v1.16) say "a qualified name" and count "characters".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeyWording {
    /// apimachinery v0.34 and older (`validation.IsQualifiedName`).
    QualifiedName,
    /// apimachinery v0.35 and later (`content.IsLabelKey`).
    #[default]
    LabelKey,
}

/// The API server's own messages for a value that is not a label key (qualified name),
/// word for word, in its order (an empty list: valid). Upstream's webhooks put these
/// texts in their field errors, and `policy apply` reports them the same way.
pub fn label_key_errors(value: &str) -> Vec<String> {
    label_key_errors_worded(value, KeyWording::LabelKey)
}

/// [`label_key_errors`] in the words of one apimachinery release.
pub fn label_key_errors_worded(value: &str, wording: KeyWording) -> Vec<String> {
    const KEY_RULE: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
    const KEY_REGEX: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
    let key_rule = || regex_error(KEY_RULE, KEY_REGEX, &["MyName", "my.name", "123-abc"]);
    let (whole, unit) = match wording {
        KeyWording::QualifiedName => ("a qualified name", "characters"),
        KeyWording::LabelKey => ("a valid label key", "bytes"),
    };
    let parts: Vec<&str> = value.split('/').collect();
    let mut errs = Vec::new();
    let name = match parts[..] {
        [name] => name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push("prefix part must be non-empty".to_string());
            } else {
                errs.extend(
                    dns_subdomain_errors_in(prefix, unit)
                        .into_iter()
                        .map(|m| format!("prefix part {m}")),
                );
            }
            name
        }
        _ => {
            return vec![format!(
            "{whole} {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
            key_rule()
        )]
        }
    };
    if name.is_empty() {
        errs.push("name part must be non-empty".into());
    } else if name.len() > 63 {
        errs.push(format!("name part must be no more than 63 {unit}"));
    }
    if !is_name_token(name) {
        errs.push(format!("name part {}", key_rule()));
    }
    errs
}

/// The API server's messages for a value that is not a DNS-1123 subdomain.
pub fn dns_subdomain_errors(value: &str) -> Vec<String> {
    dns_subdomain_errors_in(value, "bytes")
}

fn dns_subdomain_errors_in(value: &str, unit: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(format!("must be no more than 253 {unit}"));
    }
    if value.is_empty() || !value.split('.').all(is_dns_label) {
        errs.push(regex_error(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
            "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*",
            &["example.com"],
        ));
    }
    errs
}

/// `RULE (e.g. 'A',  or 'B', regex used for validation is 'RE')`, spacing included.
fn regex_error(rule: &str, regex: &str, examples: &[&str]) -> String {
    let shown: Vec<String> = examples.iter().map(|e| format!("'{e}', ")).collect();
    format!(
        "{rule} (e.g. {}regex used for validation is '{regex}')",
        shown.join(" or ")
    )
}

/// A DNS label (a namespace name, when at most 63 characters): lower-case
/// alphanumerics and `-`, alphanumeric at both ends.
pub fn is_dns_label(s: &str) -> bool {
    let b = s.as_bytes();
    let edge = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty()
        && b.first().is_some_and(edge)
        && b.last().is_some_and(edge)
        && b.iter().all(|c| edge(c) || *c == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(is_qualified_name("example.com/key_1.x"));
        assert!(is_qualified_name(&"k".repeat(63)));
        assert!(!is_qualified_name(&"k".repeat(64)));
        assert!(!is_qualified_name("Example.com/k"));
        assert!(!is_qualified_name("/k"));
        assert!(!is_qualified_name("k_"));
        assert!(is_label_value(""));
        assert!(!is_label_value("-v"));
        assert!(is_dns_subdomain("a-b.c"));
        assert!(!is_dns_subdomain("a..b"));
    }

    #[test]
    fn label_key_messages_follow_the_api_server() {
        assert!(label_key_errors("example.com/app").is_empty());
        assert_eq!(label_key_errors("/x"), ["prefix part must be non-empty"]);
        assert_eq!(
            label_key_errors("")[0..1],
            ["name part must be non-empty".to_string()]
        );
        assert!(label_key_errors("a/b/c")[0].starts_with("a valid label key must consist"));
        let old = |v: &str| label_key_errors_worded(v, KeyWording::QualifiedName);
        assert!(old("a/b/c")[0].starts_with("a qualified name must consist"));
        assert_eq!(
            old(&"k".repeat(64)),
            ["name part must be no more than 63 characters"]
        );
        assert_eq!(
            old(&format!("{}/k", "d".repeat(254)))[0],
            "prefix part must be no more than 253 characters"
        );
        assert!(label_key_errors("Bad Name")[0].ends_with(
            "(e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
        ));
        assert_eq!(label_key_errors(&format!("{}/k", "d".repeat(254))).len(), 1);
    }
}
