"""Headless Chromium for the browser tests: each test gets a new one, and a
test that needs a second visitor (no cookies, no session) opens another."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def new_browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
