// The condition language arrives with the KeyPathQuery work (issue 3).
enum KeyPathQueryPlaceholder {}
