extension TodoItem {
    /// The to-do as this version holds a priority from D to Z, from the form versions before such
    /// priorities kept it in: read from todo.txt, it was the priority low (C), with its letter kept
    /// as the extra `priority`, which the todo.txt export wrote back. Every store and JSON export
    /// those versions wrote is read through this (`Tests/Fixtures/Priorities1`).
    func readingKeptPriorityLetter() -> TodoItem {
        guard priority == .low, let kept = extras["priority"], kept.count == 1, let letter = kept.first,
            letter.isUppercase, let priority = Priority(letter: letter), priority > .low
        else { return self }
        var item = self
        (item.priority, item.extras["priority"]) = (priority, nil)
        return item
    }
}
