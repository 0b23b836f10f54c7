/// "Chrome 131 on Linux": a session's user agent in words a person recognises.
/// Only the browser's name, its major version and the system are kept; an
/// unrecognised agent is shown cut short, as sent.
enum BrowserDescription {
    static func describe(_ userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "Unknown browser" }
        let browsers: [(token: String, name: String)] = [
            ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("HeadlessChrome/", "Headless Chrome"),
            ("Chrome/", "Chrome"), ("CriOS/", "Chrome"), ("FxiOS/", "Firefox"), ("Version/", "Safari"),
            ("curl/", "curl"), ("python-requests/", "Python requests"),
        ]
        guard let browser = browsers.first(where: { agent.contains($0.token) }) else { return String(agent.prefix(60)) }
        let version = agent.components(separatedBy: browser.token)[1].prefix { $0.isNumber }
        let name = version.isEmpty ? browser.name : "\(browser.name) \(version)"
        let systems: [(token: String, name: String)] = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"),
            ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Linux", "Linux"),
        ]
        guard let system = systems.first(where: { agent.contains($0.token) }) else { return name }
        return "\(name) on \(system.name)"
    }
}
