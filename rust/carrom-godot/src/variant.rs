//! Turning `convert::Field`s into Godot values: the one place where dictionaries are built.

use crate::convert::{Field, Fields};
use godot::prelude::*;

/// A Godot dictionary of `fields`, in order.
pub fn dictionary(fields: Fields) -> VarDictionary {
    let mut dict = VarDictionary::new();
    for (key, value) in fields {
        dict.set(key, &variant(value));
    }
    dict
}

fn variant(field: Field) -> Variant {
    match field {
        Field::Int(i) => i.to_variant(),
        Field::Float(f) => f.to_variant(),
        Field::Bool(b) => b.to_variant(),
        Field::Kind(k) => crate::enums::Kind::from(k).to_variant(),
        Field::List(items) => {
            let mut array = VarArray::new();
            for item in items {
                array.push(&dictionary(item).to_variant());
            }
            array.to_variant()
        }
    }
}

/// Allowed ranges, for a menu that offers them and for the test that holds the inspector to
/// them: each name with `[low, high]`.
pub fn limits(ranges: &[(&str, f64, f64)]) -> VarDictionary {
    let mut dict = VarDictionary::new();
    for (name, low, high) in ranges {
        dict.set(*name, &PackedFloat64Array::from(&[*low, *high]));
    }
    dict
}
