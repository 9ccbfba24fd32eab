//! Reading plain data from JavaScript values by hand: the field accessors, the numbers,
//! the containers and the tagged unions every reader of this module is made of.
//!
//! Hand-written rather than derived with serde, to keep the page's module small: the
//! derived readers weighed some 100 kB of it. The readers check what serde-wasm-bindgen
//! checked (types, whole numbers in range, known variants) and name where a value is
//! wrong: `history[3].Acted.action.die must be a whole number 0–255, not string`.

use std::fmt;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::rules::{BySide, Side, WinKind};

/// Why a JavaScript value is not the data expected: where it is, what it had to be,
/// and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    path: String,
    expected: &'static str,
    found: String,
}

impl ReadError {
    /// `value` (at the root) is not `expected`.
    #[must_use]
    pub fn new(expected: &'static str, value: &JsValue) -> ReadError {
        ReadError {
            path: String::new(),
            expected,
            found: kind_of(value),
        }
    }

    /// The same error, one field or index deeper (`segment`: `name` or `[3]`).
    #[must_use]
    pub fn inside(mut self, segment: &str) -> ReadError {
        let separator = if self.path.is_empty() || self.path.starts_with('[') {
            ""
        } else {
            "."
        };
        self.path = format!("{segment}{separator}{}", self.path);
        self
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.path.is_empty() {
            "the value"
        } else {
            &self.path
        };
        write!(f, "{at} must be {}, not {}", self.expected, self.found)
    }
}

impl std::error::Error for ReadError {}

/// What a JavaScript value is, for an error message: `null`, `an array`, `string`…
#[must_use]
pub fn kind_of(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_string()
    } else if Array::is_array(value) {
        "an array".to_string()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

/// How a save writes its tagged unions: `{"kind":"Step","from":13,"die":5}` since
/// format version 2, `{"Step":{"from":13,"die":5}}` and `"Roll"` in version 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tagging {
    /// The variant's name in `kind`, its fields beside it.
    Kind,
    /// The variant's name as the only key (its fields in the value), or alone as a
    /// string.
    VariantKey,
}

/// A type read from plain JavaScript data.
pub trait FromJs: Sized {
    /// Reads `value`, its tagged unions written as `tagging` says.
    ///
    /// # Errors
    /// A [`ReadError`] naming the first value of the wrong type or out of range.
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<Self, ReadError>;
}

/// The field `name` of an object (undefined when it has none).
fn get(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Reads the field `name` of an object.
///
/// # Errors
/// The field's [`ReadError`], its path starting with `name`.
pub fn field<T: FromJs>(object: &JsValue, name: &str, tagging: Tagging) -> Result<T, ReadError> {
    T::from_js(&get(object, name), tagging).map_err(|e| e.inside(name))
}

/// A struct, or a variant of a union, read field by field (each named in the data as
/// in Rust): `read_fields!(RunningAction { side, since_ms } from value, tagging)`; with
/// `only` first, a field of another name is refused too.
macro_rules! read_fields {
    (only $($type:ident)::+ { $($name:ident),* $(,)? } from $value:expr, $tagging:expr) => {{
        $crate::wasm::js_data::only_fields($value, &[$(stringify!($name)),*])?;
        read_fields!($($type)::+ { $($name),* } from $value, $tagging)
    }};
    ($($type:ident)::+ { $($name:ident),* $(,)? } from $value:expr, $tagging:expr) => {
        $($type)::+ {
            $($name: $crate::wasm::js_data::field($value, stringify!($name), $tagging)?),*
        }
    };
}
pub(crate) use read_fields;

/// `value` when it is a plain object (not null, not an array).
///
/// # Errors
/// A [`ReadError`] expecting `expected` for anything else.
pub fn object<'v>(value: &'v JsValue, expected: &'static str) -> Result<&'v JsValue, ReadError> {
    if value.is_object() && !Array::is_array(value) {
        Ok(value)
    } else {
        Err(ReadError::new(expected, value))
    }
}

/// Refuses an object with a field not in `names`.
///
/// # Errors
/// A [`ReadError`] at the first unknown field.
pub fn only_fields(value: &JsValue, names: &[&str]) -> Result<(), ReadError> {
    for key in Object::keys(value.unchecked_ref::<Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !names.contains(&key.as_str()) {
            return Err(
                ReadError::new("absent (an unknown field)", &get(value, &key)).inside(&key),
            );
        }
    }
    Ok(())
}

/// The variant of a tagged union and the value holding its fields (with `content`, the
/// value of that field: `{"kind":"Points","points":5}`), as `tagging` writes them.
///
/// # Errors
/// A [`ReadError`] expecting `expected` when no variant name can be found.
pub fn variant(
    value: &JsValue,
    content: Option<&str>,
    tagging: Tagging,
    expected: &'static str,
) -> Result<(String, JsValue), ReadError> {
    if tagging == Tagging::VariantKey {
        return variant_key(value, expected);
    }
    let kind = get(object(value, expected)?, "kind")
        .as_string()
        .ok_or_else(|| {
            ReadError::new("a string (the variant)", &get(value, "kind")).inside("kind")
        })?;
    let body = content.map_or_else(|| value.clone(), |name| get(value, name));
    Ok((kind, body))
}

/// The variant of a union written as its name (`"Roll"`) or as the only key of an
/// object (`{"Acted":{…}}`), and the value under that key (undefined for a name).
///
/// # Errors
/// A [`ReadError`] expecting `expected` for anything else.
pub fn variant_key(
    value: &JsValue,
    expected: &'static str,
) -> Result<(String, JsValue), ReadError> {
    if let Some(name) = value.as_string() {
        return Ok((name, JsValue::UNDEFINED));
    }
    let keys = Object::keys(object(value, expected)?.unchecked_ref::<Object>());
    match keys.length() {
        1 => {
            let name = keys.get(0).as_string().unwrap_or_default();
            let body = get(value, &name);
            Ok((name, body))
        }
        _ => Err(ReadError::new(expected, value)),
    }
}

/// Refuses a variant name that a union does not have.
///
/// # Errors
/// Always: a [`ReadError`] expecting `expected`, showing the name.
pub fn unknown_variant<T>(name: &str, expected: &'static str) -> Result<T, ReadError> {
    Err(ReadError {
        path: String::new(),
        expected,
        found: format!("\"{name}\""),
    })
}

/// One of a union's variants without fields, written as its name.
///
/// # Errors
/// A [`ReadError`] expecting `expected` for any other value.
pub fn one_of<T: Copy>(
    value: &JsValue,
    variants: &[(&str, T)],
    expected: &'static str,
) -> Result<T, ReadError> {
    let name = value
        .as_string()
        .ok_or_else(|| ReadError::new(expected, value))?;
    match variants.iter().find(|(n, _)| *n == name) {
        Some(&(_, variant)) => Ok(variant),
        None => unknown_variant(&name, expected),
    }
}

/// JavaScript's largest exact integer, `Number.MAX_SAFE_INTEGER`.
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A whole number from 0 to `max` (at most `Number.MAX_SAFE_INTEGER`).
fn whole(value: &JsValue, max: f64, expected: &'static str) -> Result<u64, ReadError> {
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=max).contains(&n) => Ok(n as u64),
        _ => Err(ReadError::new(expected, value)),
    }
}

impl FromJs for u8 {
    fn from_js(value: &JsValue, _: Tagging) -> Result<u8, ReadError> {
        whole(value, 255.0, "a whole number 0–255").map(|n| n as u8)
    }
}

impl FromJs for u32 {
    fn from_js(value: &JsValue, _: Tagging) -> Result<u32, ReadError> {
        whole(value, f64::from(u32::MAX), "a whole number 0–4294967295").map(|n| n as u32)
    }
}

impl FromJs for u64 {
    fn from_js(value: &JsValue, _: Tagging) -> Result<u64, ReadError> {
        whole(value, MAX_SAFE_INTEGER, "a whole number 0–2^53")
    }
}

impl FromJs for bool {
    fn from_js(value: &JsValue, _: Tagging) -> Result<bool, ReadError> {
        value
            .as_bool()
            .ok_or_else(|| ReadError::new("true or false", value))
    }
}

impl FromJs for String {
    fn from_js(value: &JsValue, _: Tagging) -> Result<String, ReadError> {
        value
            .as_string()
            .ok_or_else(|| ReadError::new("a string", value))
    }
}

/// Undefined or null is `None`.
impl<T: FromJs> FromJs for Option<T> {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<Option<T>, ReadError> {
        if value.is_undefined() || value.is_null() {
            Ok(None)
        } else {
            T::from_js(value, tagging).map(Some)
        }
    }
}

impl<T: FromJs> FromJs for Vec<T> {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<Vec<T>, ReadError> {
        if !Array::is_array(value) {
            return Err(ReadError::new("an array", value));
        }
        Array::from(value)
            .iter()
            .enumerate()
            .map(|(i, item)| T::from_js(&item, tagging).map_err(|e| e.inside(&format!("[{i}]"))))
            .collect()
    }
}

/// Dice: an array of exactly two numbers.
impl FromJs for [u8; 2] {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<[u8; 2], ReadError> {
        match <Vec<u8>>::from_js(value, tagging)?[..] {
            [a, b] => Ok([a, b]),
            _ => Err(ReadError::new("an array of two numbers", value)),
        }
    }
}

impl<T: FromJs> FromJs for BySide<T> {
    fn from_js(value: &JsValue, tagging: Tagging) -> Result<BySide<T>, ReadError> {
        let value = object(value, "an object with white and red")?;
        Ok(read_fields!(BySide { white, red } from value, tagging))
    }
}

impl FromJs for Side {
    fn from_js(value: &JsValue, _: Tagging) -> Result<Side, ReadError> {
        one_of(
            value,
            &[("White", Side::White), ("Red", Side::Red)],
            "\"White\" or \"Red\"",
        )
    }
}

impl FromJs for WinKind {
    fn from_js(value: &JsValue, _: Tagging) -> Result<WinKind, ReadError> {
        one_of(
            value,
            &[
                ("Single", WinKind::Single),
                ("Gammon", WinKind::Gammon),
                ("Backgammon", WinKind::Backgammon),
            ],
            "\"Single\", \"Gammon\" or \"Backgammon\"",
        )
    }
}
