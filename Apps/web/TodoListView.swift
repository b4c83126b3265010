/// Which to-dos the list page shows and how, as its address says: the filter's words, which of
/// them (open, all, done, waiting), their order, and which page of them.
struct TodoListView: Sendable {
    /// Most urgent first (as `todo next` ranks them), soonest due first, or oldest first.
    enum Order: String, CaseIterable, Sendable {
        case urgency, due, created
    }

    /// How many rows a page holds.
    static let pageSize = 50

    var filter = ""
    var show = ""
    var order = Order.urgency
    /// From 1; one past the last is the last.
    var page = 1
    /// The to-do a Delete just took, which the page says with an Undo beside it; not part of the
    /// view's own address.
    var deleted = ""

    init() {}

    /// The view an address's query asks for; what it does not say, or says wrongly, as the page starts.
    init(query: FormFields) {
        filter = query.text("filter")
        show = query.text("show")
        order = Order(rawValue: query.text("sort")) ?? .urgency
        page = Int(query.text("page")).map { max(1, $0) } ?? 1
        deleted = query.text("deleted")
    }

    /// The address of this view, on `page` (this one's where nil), the filter left out where it is
    /// not applied; what is as the page starts is left out.
    func address(page: Int? = nil, applying: Bool = true) -> String {
        let page = page ?? self.page
        return URLText.address(
            "/todos",
            [
                ("filter", applying ? filter : ""), ("show", show), ("sort", order == .urgency ? "" : order.rawValue),
                ("page", page == 1 ? "" : String(page)),
            ])
    }

    /// The rows of this page among `count`, and the page they are on: the last, where this one is past it.
    func rows(among count: Int) -> (range: Range<Int>, page: Int) {
        let last = max(1, (count + Self.pageSize - 1) / Self.pageSize)
        let page = min(self.page, last)
        let start = (page - 1) * Self.pageSize
        return (start..<min(count, start + Self.pageSize), page)
    }
}
