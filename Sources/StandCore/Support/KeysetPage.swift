/// One page of a keyset-paginated list: fetch `limit + 1` rows, show `limit`,
/// and the extra row tells whether a next page exists.
public struct KeysetPage<Item: Sendable, Cursor: Sendable>: Sendable {
    public let items: [Item]
    /// Where the next page starts; nil on the last page.
    public let nextCursor: Cursor?

    public init(items: [Item], limit: Int, cursor: (Item) -> Cursor?) {
        if items.count > limit {
            self.items = Array(items.prefix(limit))
            self.nextCursor = self.items.last.flatMap(cursor)
        } else {
            self.items = items
            self.nextCursor = nil
        }
    }
}
