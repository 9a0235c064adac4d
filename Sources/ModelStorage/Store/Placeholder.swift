// The storage protocol and its backends arrive with the ModelStorage work (issue 4).
enum ModelStoragePlaceholder {}
