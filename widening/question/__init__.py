"""Question -> ParsedQuestion: containers, target, qualifiers, complement, cardinality."""
