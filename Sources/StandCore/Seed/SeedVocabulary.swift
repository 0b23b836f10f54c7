/// The words demo data is made of.
enum SeedVocabulary {
    static let firstNames = [
        "ava", "liam", "noah", "emma", "olivia", "mia", "lucas", "amara", "chen", "sofia", "mateo",
        "zoe", "ethan", "isla", "omar", "priya", "yuki", "leo", "nora", "diego", "hana", "kofi",
        "ines", "jonas", "maya", "ravi", "sara", "tomas", "wei", "zara", "jane", "sam",
    ]
    static let lastNames = [
        "smith", "garcia", "nguyen", "okafor", "muller", "rossi", "kim", "patel", "silva", "cohen",
        "dubois", "tanaka", "jensen", "novak", "haddad", "moreau", "ivanova", "brown", "doe", "lopez",
    ]
    static let domains = ["example.com", "mail.example.org", "stand.test", "inbox.example.net", "post.example"]

    static let questions: [(String, [String])] = [
        ("Do you take your coffee black?", ["Yes", "No"]),
        ("Would you rather live by the sea or in the mountains?", ["Sea", "Mountains"]),
        ("How do you get to work most days?", ["Walk", "Bike", "Transit", "Car"]),
        ("Is a hot dog a sandwich?", ["Yes", "No", "It's its own thing"]),
        ("Should pineapple go on pizza?", ["Absolutely", "Never", "Only on Fridays"]),
        ("Do you read the last page of a book first?", ["Always", "Sometimes", "Never"]),
        ("Which season is best?", ["Spring", "Summer", "Autumn", "Winter"]),
        ("Do you make your bed every morning?", ["Yes", "No"]),
        ("Cats or dogs?", ["Cats", "Dogs", "Both", "Neither"]),
        ("Would you go to space if offered a seat?", ["Tomorrow", "Maybe later", "No thanks"]),
        ("Should homework be banned?", ["Yes", "No"]),
        ("Do you text back right away?", ["Always", "Eventually", "Rarely"]),
        ("Is it ok to recline your seat on a plane?", ["Yes", "No", "Only on night flights"]),
        ("How many hours do you sleep?", ["Under 6", "6 to 8", "Over 8"]),
        ("Do you prefer sunrise or sunset?", ["Sunrise", "Sunset"]),
        ("Should tipping be replaced by higher wages?", ["Yes", "No", "Not sure"]),
    ]

    static let suggestions = [
        "Should cities ban cars from downtown?",
        "Do you believe in love at first sight?",
        "Is breakfast the most important meal?",
        "Would you rather have more time or more money?",
        "Should voting be mandatory?",
        "Do you still use cash?",
        "Is it rude to wear headphones at dinner?",
        "Do you sing in the shower?",
        "<script>alert('pwned')</script> Is this a question?",
        "\" onmouseover=\"alert(1)\" data-x=\"",
        "<img src=x onerror=alert(document.cookie)> Do you like images?",
        "Tea or coffee? <a href=\"javascript:alert(1)\">vote here</a>",
        "Café, naïve, 日本語 — do accents in questions render correctly?",
    ]
}
