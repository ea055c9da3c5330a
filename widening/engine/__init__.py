"""The decision procedure: resolve containers under every reading, the four cases, the check, the decision."""
