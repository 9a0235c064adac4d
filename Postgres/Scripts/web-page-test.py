#!/usr/bin/env python3
"""Drives pokedex-service's web page in headless Chromium, for PokedexServiceTests.

    web-page-test.py URL TOKEN WATCHED MARKED

Signs in with TOKEN, waits for the live notices, prints READY, then waits (without a reload)
for the Pokémon WATCHED to show among the favorites — the test pushes it from a replica, as
`pokedex sync --remote` does. Prints SEEN, marks MARKED with its star, waits for it among the
favorites, and prints MARKED. Any failure prints FAILED with the page's state and exits 1.
Needs Debian's chromium and chromium-driver, and Selenium (pip install selenium).
"""

import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as condition
from selenium.webdriver.support.ui import WebDriverWait


def main() -> int:
    url, token, watched, marked = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    wait = WebDriverWait(driver, 60)
    try:
        driver.get(url)
        wait.until(condition.presence_of_element_located((By.CSS_SELECTOR, '#results li[data-id="6"]')))
        driver.find_element(By.ID, "token").send_keys(token)
        driver.find_element(By.ID, "sign-in").click()
        wait.until(condition.text_to_be_present_in_element((By.ID, "who"), "Signed in as"))
        wait.until(condition.presence_of_element_located((By.CSS_SELECTOR, "#live.on")))
        print("READY", driver.find_element(By.ID, "who").text, flush=True)

        wait.until(condition.presence_of_element_located((By.CSS_SELECTOR, f'#favorites li[data-id="{watched}"]')))
        wait.until(condition.presence_of_element_located((By.CSS_SELECTOR, f'#results .star.on[data-id="{watched}"]')))
        print("SEEN", watched, flush=True)

        driver.find_element(By.CSS_SELECTOR, f'#results .star[data-id="{marked}"]').click()
        wait.until(condition.presence_of_element_located((By.CSS_SELECTOR, f'#favorites li[data-id="{marked}"]')))
        print("MARKED", marked, flush=True)

        # The entry opens from the list, with the note form.
        driver.find_element(By.CSS_SELECTOR, f'#favorites li[data-id="{marked}"] a').click()
        wait.until(condition.text_to_be_present_in_element((By.ID, "entry-name"), f"#{marked} "))
        driver.find_element(By.ID, "note-text").send_keys("Seen in the web page")
        driver.find_element(By.CSS_SELECTOR, "#note-form button").click()
        wait.until(condition.text_to_be_present_in_element((By.ID, "notes"), "Seen in the web page"))
        print("NOTED", marked, flush=True)
        return 0
    except Exception as error:  # noqa: BLE001 - any failure is reported with the page's state
        state = {
            "who": driver.find_element(By.ID, "who").text,
            "live": driver.find_element(By.ID, "live").get_attribute("class"),
            "favorites": driver.find_element(By.ID, "favorites").text,
            "error": driver.find_element(By.ID, "error").text,
        }
        print("FAILED", type(error).__name__, error, state, flush=True)
        return 1
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
